// expect: race-free
// Twin of cast_byte_offset.c without a byte view: `unsigned *` and `int *` have the same layout
// (C11 6.2.5p6, 6.5p7), so `body` is `&packet[2]` element for element, and the sections
// (OpenMP 5.2 §11.3) write different elements.
#include <stdio.h>
int packet[16];
int main(void) {
  unsigned *body = (unsigned *)packet + 2;
#pragma omp parallel sections
  {
#pragma omp section
    packet[1] = 1;
#pragma omp section
    body[0] = 2;
  }
  printf("%d\n", packet[1]);
  return 0;
}

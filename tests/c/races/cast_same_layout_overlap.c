// expect: race 12:5 14:5
// Mutant of cast_same_layout.c: `body` is `&packet[1]`, the element the first section writes
// (OpenMP 5.2 §11.3: the sections may run at the same time; C11 6.5p7 lets `unsigned *` access
// an `int`).
#include <stdio.h>
int packet[16];
int main(void) {
  unsigned *body = (unsigned *)packet + 1;
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

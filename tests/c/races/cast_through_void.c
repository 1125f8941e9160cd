// expect: unknown
// The byte view of `cast_byte_offset.c` laundered through `void *` (C11 6.3.2.3p1): from
// `void *` ompv cannot know what the pointer points to, so the conversion back is not followed
// either, and the sections (OpenMP 5.2 §11.3) are not proved race-free.
// run: inconclusive (the run does not follow pointers converted from `void *`)
#include <stdio.h>
int packet[16];
int main(void) {
  void *v = packet;
  unsigned char *bytes = v;
  int *body = (int *)(bytes + 4);
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

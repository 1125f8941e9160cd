// expect: unknown
// `(unsigned char *)packet + 4` is four bytes into `packet`, i.e. `&packet[1]`: the two sections
// (OpenMP 5.2 §11.3) write the same `int`. ompv models memory as elements of their declared
// types, not bytes, so it cannot follow the conversion (C11 6.3.2.3p7) and must not prove the
// program race-free; the run declines too.
// run: inconclusive (the run does not model byte views of an `int` array)
#include <stdio.h>
int packet[16];
int main(void) {
  int *body = (int *)((unsigned char *)packet + 4);
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

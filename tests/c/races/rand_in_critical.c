// expect: race-free
// Twin of rand_shared_sequence.c: the calls of `rand` (C11 7.22.2.1p3) are inside one
// `critical` section (OpenMP 5.2 §15.2), so no two run at the same time.
#include <stdio.h>
#include <stdlib.h>
int a[100];
int main(void) {
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
    int r;
#pragma omp critical
    r = rand();
    a[i] = r;
  }
  printf("%d\n", a[0]);
  return 0;
}

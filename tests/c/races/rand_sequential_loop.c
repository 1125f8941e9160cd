// expect: race-free
// C11 7.22.2.1: `rand` updates its hidden state; called by one thread only (in `main`'s loop
// before the region, after `srand(time(NULL))`, whose null pointer constant is no view of any
// memory), it races with nothing; the region's iterations (OpenMP 5.2 §11.5) write their own
// elements.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int a[64];
int b[64];
int main(void) {
  srand(time(NULL));
  for (int i = 0; i < 64; i++)
    a[i] = rand() % 10;
#pragma omp parallel for
  for (int i = 0; i < 64; i++)
    b[i] = a[i] + 1;
  printf("%d\n", b[3]);
  return 0;
}

// expect: race-free
// Twin of firstprivate_init_single_nowait.c: the `single` ends with a barrier
// (OpenMP 5.2 §11.1), so every thread initialises its `firstprivate` copy (§5.4.4) after `x`
// is written.
#include <stdio.h>
int main(void)
{
  int x = 0;
  int a[16];
#pragma omp parallel
  {
#pragma omp single
    x = 5;
#pragma omp for firstprivate(x)
    for (int i = 0; i < 16; i++)
      a[i] = x;
  }
  printf("%d\n", a[0]);
  return 0;
}

// expect: race 14:5 15:17
// OpenMP 5.2 §5.4.4: each thread initialises its `firstprivate` copy from the original when the
// `for` construct starts, a read of `x`; the `single nowait` before it (§11.1: no barrier) may
// still be writing `x` on another thread. The loop body only reads the copy, so the race is the
// clause's own read.
#include <stdio.h>
int main(void)
{
  int x = 0;
  int a[16];
#pragma omp parallel
  {
#pragma omp single nowait
    x = 5;
#pragma omp for firstprivate(x)
    for (int i = 0; i < 16; i++)
      a[i] = x;
  }
  printf("%d\n", a[0]);
  return 0;
}

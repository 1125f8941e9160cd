// expect: race-free
// OpenMP 5.2 §5.5.8: each thread that runs sections of the construct adds into its own copy of
// `x`; the copies are combined into the original before the implied barrier at the end of the
// `sections` construct, after which the `single` reads it.
#include <stdio.h>

int main(void)
{
  int x = 0, y = 0;
#pragma omp parallel
  {
#pragma omp sections reduction(+ : x)
    {
#pragma omp section
      x += 1;
#pragma omp section
      x += 2;
    }
#pragma omp single
    y = x;
  }
  printf("%d %d\n", x, y);
  return 0;
}

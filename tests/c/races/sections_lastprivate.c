// expect: race-free
// OpenMP 5.2 §5.4.5: on `sections`, the thread that runs the lexically last section assigns its
// copy of `x` to the original at the end of the construct, before the implied barrier.
#include <stdio.h>

int main(void)
{
  int x = 0, y = 0;
#pragma omp parallel
  {
#pragma omp sections lastprivate(x)
    {
#pragma omp section
      x = 1;
#pragma omp section
      x = 2;
    }
#pragma omp single
    y = x;
  }
  printf("%d %d\n", x, y);
  return 0;
}

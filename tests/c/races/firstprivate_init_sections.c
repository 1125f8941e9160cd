// expect: race 13:45 14:22
// OpenMP 5.2 §5.4.4, §11.3: the threads that execute the `sections` construct initialise their
// copies of `x` from the original when it starts; the `for nowait` before it (§11.5: no
// barrier) writes `x` in its first iteration on some thread.
#include <stdio.h>
int main(void)
{
  int x = 0;
  int a[2];
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < 4; i++) if (i == 0) x = i + 1;
#pragma omp sections firstprivate(x)
    {
#pragma omp section
      a[0] = x;
#pragma omp section
      a[1] = x;
    }
  }
  printf("%d %d\n", a[0], a[1]);
  return 0;
}

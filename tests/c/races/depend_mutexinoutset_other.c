// expect: race 12:5 14:5
// OpenMP 5.2 §15.9.5: `mutexinoutset` makes tasks mutually exclusive only when their list items
// are the same storage; `c` and `e` are not, so the two updates of `x` may run at the same time.
#include <stdio.h>
int main(void)
{
  int c, e, x = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(mutexinoutset : c)
    x = x + 1;
#pragma omp task depend(mutexinoutset : e)
    x = x + 2;
  }
  printf("%d\n", x);
  return 0;
}

// expect: race 12:5 14:5
// OpenMP 5.2 §15.9.5: two tasks with `inoutset` on the same item are not ordered and, unlike
// `mutexinoutset`, not mutually exclusive: both writes of `a` may run at the same time.
#include <stdio.h>
int main(void)
{
  int s, a, r;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(inoutset : s)
    a = 1;
#pragma omp task depend(inoutset : s)
    a = 2;
#pragma omp task depend(in : s)
    r = a;
  }
  printf("%d\n", r);
  return 0;
}
// archer: cannot run — clang 14 does not know `depend(inoutset: …)` (OpenMP 5.1)

// expect: race-free
// OpenMP 5.2 §15.9.5: tasks with `inoutset` on one item form a set: unordered among themselves,
// after the earlier siblings with any other dependence on it and before the later ones. The two
// writers touch different variables; the reader with `in` runs after both.
#include <stdio.h>
int main(void)
{
  int s, a, b, r;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(inoutset : s)
    a = 1;
#pragma omp task depend(inoutset : s)
    b = 2;
#pragma omp task depend(in : s)
    r = a + b;
  }
  printf("%d\n", r);
  return 0;
}
// archer: cannot run — clang 14 does not know `depend(inoutset: …)` (OpenMP 5.1)

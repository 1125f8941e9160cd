// expect: race-free
// task_depth_race.c with a `taskwait` between the two tasks of the call with `n == 3`
// (OpenMP 5.2 §15.5: the first task completes before the second is generated). The body is
// checked for every value of `n`, so the branch of `n == 3` is checked although the outermost
// call has `n == 5`.
#include <stdio.h>

int f(int n) {
  int x = 0;
  int a = 0;
  if (n < 0)
    return 0;
  if (n == 3) {
#pragma omp task shared(x)
    x = 1;
#pragma omp taskwait
#pragma omp task shared(x)
    x = 2;
#pragma omp taskwait
    return x;
  }
#pragma omp task shared(a)
  a = f(n - 1);
#pragma omp taskwait
  return a + x;
}

int main(void) {
  int r = 0;
#pragma omp parallel
  {
#pragma omp single
    r = f(5);
  }
  printf("%d\n", r);
  return 0;
}

// expect: race 15:5 17:5
// A recursive function whose calls create tasks; only the call with `n == 3` creates two tasks
// that write the same variable without waiting in between (OpenMP 5.2 §12.5: both may run at
// the same time; §15.5: the `taskwait` comes after both). The outermost call has `n == 5`:
// the body must be checked for every value of `n`, not only for the first call's.
#include <stdio.h>

int f(int n) {
  int x = 0;
  int a = 0;
  if (n < 0)
    return 0;
  if (n == 3) {
#pragma omp task shared(x)
    x = 1;
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

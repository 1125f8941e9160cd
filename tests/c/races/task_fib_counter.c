// expect: race 12:3 12:3
// A recursive task function that counts its calls in a global: every call's tasks update
// `calls` at the same time as other calls (OpenMP 5.2 §5.1.2: a global is shared by all
// calls; §12.5: sibling tasks may run at the same time). Such a function is not
// self-contained, so ompv does not check one copy for all calls.
#include <stdio.h>

int calls = 0;

int fib(int n) {
  int i, j;
  calls = calls + 1;
  if (n < 2)
    return n;
#pragma omp task shared(i)
  i = fib(n - 1);
#pragma omp task shared(j)
  j = fib(n - 2);
#pragma omp taskwait
  return i + j;
}

int main(void) {
  int r = 0;
#pragma omp parallel
  {
#pragma omp single
    r = fib(10);
  }
  printf("%d %d\n", r, calls);
  return 0;
}

// expect: race-free
// Recursive Fibonacci whose calls wait for their tasks at the end of a `taskgroup` instead of a
// `taskwait` (OpenMP 5.2 §15.4: the end of the region waits for every task generated in it).
#include <stdio.h>

int fib(int n) {
  int x, y;
  if (n < 2)
    return n;
#pragma omp taskgroup
  {
#pragma omp task shared(x)
    x = fib(n - 1);
#pragma omp task shared(y)
    y = fib(n - 2);
  }
  return x + y;
}

int main(void) {
  int r = 0;
#pragma omp parallel
  {
#pragma omp single
    r = fib(15);
  }
  printf("%d\n", r);
  return 0;
}

// expect: race-free
// Recursive Fibonacci ordered by dependences instead of a second `taskwait`: the task that adds
// depends on the two that compute (OpenMP 5.2 §15.9.5: an `in` dependence runs after every
// earlier sibling with an `out` dependence on the same variable), and the `taskwait` before the
// return waits for all three (§15.5). The base case returns early.
#include <stdio.h>

int fib(int n) {
  int i, j, s;
  if (n < 2)
    return n;
#pragma omp task shared(i) depend(out : i)
  i = fib(n - 1);
#pragma omp task shared(j) depend(out : j)
  j = fib(n - 2);
#pragma omp task shared(i, j, s) depend(in : i, j)
  s = i + j;
#pragma omp taskwait
  return s;
}

int main(void) {
  int n = 12;
#pragma omp parallel sections
  {
    printf("fib(%d) = %d\n", n, fib(n));
  }
  return 0;
}

// expect: race-free
// A recursive task-parallel Fibonacci: each call creates a task per recursive call and waits
// for both before adding the results. Every call has its own `i` and `j` (automatic storage,
// OpenMP 5.2 §5.1.2), which only its tasks write (shared explicitly, §5.1.1), and the
// `taskwait` (OpenMP 5.2 §15.5) orders both writes before the read.
#include <stdio.h>
#include <stdlib.h>

int fib(int n) {
  int i, j;
  if (n < 2)
    return n;
#pragma omp task shared(i) firstprivate(n)
  i = fib(n - 1);
#pragma omp task shared(j) firstprivate(n)
  j = fib(n - 2);
#pragma omp taskwait
  return i + j;
}

int main(int argc, char **argv) {
  int n = 20;
  if (argc > 1)
    n = atoi(argv[1]);
  int result = 0;
#pragma omp parallel
  {
#pragma omp single
    result = fib(n);
  }
  printf("fib(%d) = %d\n", n, result);
  return 0;
}

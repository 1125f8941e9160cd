// expect: race 13:3 17:10
// Mutant of task_fib_taskwait.c without the `taskwait`: the tasks that write `i` and `j` may
// still run when the call reads them (OpenMP 5.2 §12.5: a deferred task may run at any time
// until it is waited for), so the function is not one whose calls ompv can treat as closed.
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

// expect: race 18:3 20:3
// Mutant of task_fib_cutoff.c with a copy-paste slip: both tasks write `x` (shared), and nothing
// orders them (OpenMP 5.2 §12.5: sibling tasks may run at the same time until the `taskwait`).
#include <stdio.h>
#include <stdlib.h>

long fib_seq(int n) {
  if (n < 2)
    return n;
  return fib_seq(n - 1) + fib_seq(n - 2);
}

long fib(int n) {
  long x, y;
  if (n < 20)
    return fib_seq(n);
#pragma omp task shared(x) firstprivate(n) untied
  x = fib(n - 1);
#pragma omp task shared(x) firstprivate(n) untied
  x = fib(n - 2);
#pragma omp taskwait
  return x + y;
}

int main(int argc, char *argv[]) {
  int n = argc > 1 ? atoi(argv[1]) : 25;
  long r = 0;
#pragma omp parallel
#pragma omp single nowait
  r = fib(n);
  printf("%ld\n", r);
  return 0;
}

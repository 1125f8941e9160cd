// expect: race 13:3 15:11
// Mutant of task_fib_depend.c: the adding task depends on `i` only, so it may read `j` while
// the task that computes `j` writes it (OpenMP 5.2 §15.9.5: no dependence orders them, §12.5).
#include <stdio.h>

int fib(int n) {
  int i, j, s;
  if (n < 2)
    return n;
#pragma omp task shared(i) depend(out : i)
  i = fib(n - 1);
#pragma omp task shared(j) depend(out : j)
  j = fib(n - 2);
#pragma omp task shared(i, j, s) depend(in : i)
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

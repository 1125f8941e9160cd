// expect: race 18:9 25:11
// Mutant of task_cutoff_branch.c without the `taskwait` in the branch that generates tasks:
// the read of `a` after the `if` may run while the first task writes it (OpenMP 5.2 §12.5).
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = 1000;
  if (argc > 1)
    n = atoi(argv[1]);
  int a = 0, b = 0, r = 0;
#pragma omp parallel
  {
#pragma omp single
    {
      if (n > 100) {
#pragma omp task shared(a)
        a = n / 2;
#pragma omp task shared(b)
        b = n - n / 2;
      } else {
        a = n;
        b = 0;
      }
      r = a + b;
    }
  }
  printf("%d\n", r);
  return 0;
}

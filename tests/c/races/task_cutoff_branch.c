// expect: race-free
// Tasks only above a cutoff: the branch that generates them waits for them (OpenMP 5.2 §15.5)
// before the code after the `if` reads their results; the other branch computes sequentially.
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
#pragma omp taskwait
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

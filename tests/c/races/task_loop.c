// expect: race-free
// OpenMP 5.2 §12.5: the loop generates one task per iteration; tasks of different iterations may
// run at the same time, and each reads the value `i` had when it was generated (`i` is declared
// by the loop, a local of the generating code, so firstprivate in the task by §5.1.1). They write
// different elements; the `taskwait` (§15.5) orders all of them before the sum.
#include <stdlib.h>

int main(int argc, char **argv)
{
  int n = 1000;
  int *a = malloc(sizeof(int) * n);
  if (a == NULL)
    return 1;
  int s = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < n; i++) {
#pragma omp task
      a[i] = 2 * i;
    }
#pragma omp taskwait
    for (int i = 0; i < n; i++)
      s = s + a[i];
  }
  free(a);
  return s;
}

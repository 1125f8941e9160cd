// expect: race 20:11 18:26
// Mutant of task_loop_private_index.c whose loop variable is a `static` variable declared in the
// region: static storage makes it shared (OpenMP 5.2 §5.1.1), so the tasks share it too, and the
// generating thread increments it while earlier tasks read it.
#include <stdlib.h>

int main(int argc, char **argv)
{
  int n = 1000;
  int *a = malloc(sizeof(int) * n);
  if (a == NULL)
    return 1;
#pragma omp parallel
  {
    static int i;
#pragma omp single
    {
      for (i = 0; i < n; i++) {
#pragma omp task
        a[i] = 2 * i;
      }
    }
  }
  free(a);
  return 0;
}

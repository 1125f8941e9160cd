// expect: race 18:7 18:7
// Mutant of task_loop.c: tasks of iterations 2k and 2k + 1 write the same element `a[k]`, and
// tasks of different iterations may run at the same time (OpenMP 5.2 §12.5): a race.
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
      a[i / 2] = 2 * i;
    }
#pragma omp taskwait
    for (int i = 0; i < n; i++)
      s = s + a[i];
  }
  free(a);
  return s;
}

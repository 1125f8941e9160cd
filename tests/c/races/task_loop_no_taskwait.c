// expect: race 18:7 22:15
// Mutant of task_loop.c without the `taskwait`: the tasks may still run (OpenMP 5.2 §12.5,
// §15.5: only the barrier at the end of the `single` waits for them) while the sum reads `a`.
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

    for (int i = 0; i < n; i++)
      s = s + a[i];
  }
  free(a);
  return s;
}

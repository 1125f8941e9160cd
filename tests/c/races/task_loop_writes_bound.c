// expect: race 21:11 17:25
// Mutant of task_loop.c whose first task changes the bound `n` (shared, OpenMP 5.2 §5.1.1): the
// generating thread reads `n` in every test of the loop while earlier tasks may run (§12.5), so
// the write races with those reads.
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
      {
        if (i == 0)
          n = 500;
        a[i] = 2 * i;
      }
    }
#pragma omp taskwait
  }
  free(a);
  return s;
}

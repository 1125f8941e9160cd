// expect: unknown
// Mutant of orphan_task.c whose second task starts one element early, at `a[n - 1]`, which the
// first task also writes. One thread runs both tasks (OpenMP 5.2 §1.2), and a data race needs
// two threads (§1.4.1), so ompv, which checks the tasks as if they could run at the same time,
// cannot call the overlap a race: the answer is `unknown`, never race-free.
#include <stdlib.h>

int main(int argc, char **argv)
{
  int n = 100;
  int *a = malloc(sizeof(int) * 2 * n);
  if (a == NULL)
    return 1;
#pragma omp task
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma omp task
  for (int i = n - 1; i < 2 * n; i++)
    a[i] = -i;
#pragma omp taskwait
  int s = 0;
  for (int i = 0; i < 2 * n; i++)
    s = s + a[i];
  free(a);
  return s;
}

// expect: unknown
// Mutant of orphan_task.c without the `taskwait` (OpenMP 5.2 §15.5): the loop reading `a` may
// run before the deferred tasks. One thread runs them all (§1.2), so this is not a data race
// by §1.4.1 but an unordered read of values not yet written; ompv's check sees the tasks run at
// the same time as the loop and answers `unknown`, never race-free. (It returns a constant:
// ompv models tasks nothing waits for only at the end of `main`, before a `return` that reads
// no variable.)
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
  for (int i = n; i < 2 * n; i++)
    a[i] = -i;
  int s = 0;
  for (int i = 0; i < 2 * n; i++)
    s = s + a[i];
  if (s != 0)
    free(a);
  return 0;
}

// expect: race-free
// Tasks outside any parallel region (OpenMP 5.2 §1.2: the implicit parallel region, a team of
// the initial thread alone): the two tasks write different halves of `a`, the `taskwait`
// (§15.5) orders both before the loop that reads them. `n` is firstprivate in each task
// (§5.1.1: an automatic variable of `main`, private to the initial task).
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
#pragma omp taskwait
  int s = 0;
  for (int i = 0; i < 2 * n; i++)
    s = s + a[i];
  free(a);
  return s;
}

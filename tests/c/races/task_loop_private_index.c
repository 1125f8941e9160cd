// expect: race-free
// `i` is declared outside the region but private to each thread there (OpenMP 5.2 §5.4.3,
// `private(i)`), so a task that names no data-sharing attribute for it gets its own copy made when
// it is generated (§5.1.1: not shared in the enclosing context, so firstprivate): one value per
// task (§12.5). The tasks write different elements; the barrier at the end of the `single` (§11.1)
// orders them before the loop after the region.
#include <stdlib.h>

int main(int argc, char **argv)
{
  int n = 1000;
  int i;
  int *a = malloc(sizeof(int) * n);
  if (a == NULL)
    return 1;
#pragma omp parallel private(i)
#pragma omp single
  {
    for (i = 0; i < n; i++) {
#pragma omp task
      a[i] = 2 * i;
    }
  }
  int s = 0;
  for (int k = 0; k < n; k++)
    s = s + a[k];
  free(a);
  return s;
}

// expect: race 11:5 11:5
// Mutant of helper_range_tasks.c: each task's range reaches one element into the next block
// ([b, b + 101)), which the next task also scales; the tasks may run at the same time
// (OpenMP 5.2 §12.5): a data race inside the helper.
#include <stdio.h>
#include <stdlib.h>

void scale(int *a, int lo, int hi)
{
  for (int i = lo; i < hi; i++)
    a[i] = a[i] * 2;
}

int main(void)
{
  int n = 1000;
  int *a = malloc((n + 1) * sizeof(int));
  for (int i = 0; i <= n; i++)
    a[i] = i;
#pragma omp parallel
#pragma omp single
  {
    for (int b = 0; b < n; b += 100) {
#pragma omp task firstprivate(b)
      scale(a, b, b + 101);
    }
#pragma omp taskwait
  }
  printf("%d\n", a[n - 1]);
  free(a);
  return 0;
}

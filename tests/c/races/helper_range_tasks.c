// expect: race-free
// One thread creates a task per block of 100 elements (OpenMP 5.2 §12.5: the tasks may run at
// the same time on the team's threads); each task calls a helper over its own half-open range
// [b, min(b + 100, n)), so no two tasks touch one element, and `taskwait` (§15.5) ends them
// all before the array is read. The helper asks for a pointer to the start of the allocation,
// which `a` is in the whole region.
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
  int *a = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma omp parallel
#pragma omp single
  {
    for (int b = 0; b < n; b += 100) {
#pragma omp task firstprivate(b)
      scale(a, b, b + 100 < n ? b + 100 : n);
    }
#pragma omp taskwait
  }
  printf("%d\n", a[n - 1]);
  free(a);
  return 0;
}

// expect: race-free
// A global pointer to a `malloc`ed array, written by a parallel loop (OpenMP 5.2 §11.5: the
// iterations run at the same time; each writes its own element). Every iteration reads the
// global `a` itself (a read of a shared variable, no race) to reach its element.
#include <stdio.h>
#include <stdlib.h>
double *a;
int n = 100;
int main(void)
{
  a = malloc(n * sizeof(double));
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
  printf("%f\n", a[3]);
  free(a);
  return 0;
}

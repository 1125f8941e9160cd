// expect: race-free
// A time-step loop around a parallel loop over a global pointer (OpenMP 5.2 §10.1: each step's
// region ends with a barrier). The loop does not change `a`, so it still points to the array
// of n elements after every step.
#include <stdio.h>
#include <stdlib.h>
double *a;
int n = 100;
int main(void)
{
  a = malloc(n * sizeof(double));
  for (int t = 0; t < 3; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] = i + t;
  }
  printf("%f\n", a[3]);
  free(a);
  return 0;
}

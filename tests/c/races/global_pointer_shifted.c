// expect: race 14:5 14:12
// Mutant of global_pointer.c: iteration i reads a[i + 1], which iteration i + 1 writes at the
// same time (OpenMP 5.2 §11.5).
#include <stdio.h>
#include <stdlib.h>
double *a;
int n = 100;
int main(void)
{
  a = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    a[i] = a[i + 1] + 1;
  printf("%f\n", a[3]);
  free(a);
  return 0;
}

// expect: race 18:9 21:16
// Mutant of global_pointer_time_loop.c: two loops in one region per step, the first with
// `nowait` (OpenMP 5.2 §11.5: no barrier after it) and dynamically scheduled, so iteration i of
// the second loop may read a[n - 1 - i] while another thread writes it.
#include <stdio.h>
#include <stdlib.h>
double *a, *b;
int n = 100;
int main(void)
{
  a = malloc(n * sizeof(double));
  b = malloc(n * sizeof(double));
  for (int t = 0; t < 3; t++) {
#pragma omp parallel
    {
#pragma omp for schedule(dynamic) nowait
      for (int i = 0; i < n; i++)
        a[i] = i + t;
#pragma omp for
      for (int i = 0; i < n; i++)
        b[i] = a[n - 1 - i];
    }
  }
  printf("%f\n", b[3]);
  free(a);
  free(b);
  return 0;
}

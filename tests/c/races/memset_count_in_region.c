// expect: race 14:3 14:3
// Mutant of memset_count_from_atoi.c: the `memset` is the body of a `parallel` construct, which
// every thread of the team executes (OpenMP 5.2 §10.1), so two threads write every element of
// `v` at the same time.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char *argv[])
{
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  double *v = malloc(n * sizeof(double));
#pragma omp parallel
  memset(v, 0, n * sizeof(double));
  if (n > 0)
    printf("%f\n", v[n - 1]);
  free(v);
  return 0;
}

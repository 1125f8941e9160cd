// expect: race-free
// A `size_t` count taken from an `int` (`size_t m = n`: the value `n` where `n >= 0`, else
// `n + 2^64`, C11 6.3.1.3) bounds a worksharing loop over a `size_t` variable (OpenMP 5.2 §11.5:
// the iterations are divided among the threads); each iteration writes its own element of a
// buffer of `m` doubles.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  size_t m = n;
  double *v = malloc(m * sizeof(double));
#pragma omp parallel for
  for (size_t i = 0; i < m; i++)
    v[i] = i;
  if (m > 0)
    printf("%f\n", v[m - 1]);
  free(v);
  return 0;
}

// expect: race-free
// A buffer of `n` doubles, `n` read with `atoi`, cleared with `memset(v, 0, n * sizeof(double))`:
// the `int` count converted to `size_t` is `n` where `n >= 0` (C11 6.3.1.3), which holds since
// the allocation has `n` elements. Then a worksharing loop (OpenMP 5.2 §11.5: the iterations are
// divided among the threads) updates one element per iteration.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char *argv[])
{
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  double *v = malloc(n * sizeof(double));
  memset(v, 0, n * sizeof(double));
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    v[i] += i;
  if (n > 0)
    printf("%f\n", v[n - 1]);
  free(v);
  return 0;
}

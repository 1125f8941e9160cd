// expect: race-free
// A Jacobi sweep over an n-by-n grid stored row by row in one malloc'd block (element (i, j)
// at i * n + j): the worksharing loop divides the rows among the threads (OpenMP 5.2 §11.5),
// each iteration writes the interior of its own row of `unew` and only reads `u`, so no two
// iterations write one element and no element is both written and read.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
  int n = argc > 1 ? atoi(argv[1]) : 64;
  double *u = malloc(n * n * sizeof(double));
  double *unew = malloc(n * n * sizeof(double));
  for (int k = 0; k < n * n; k++) {
    u[k] = k % 7;
    unew[k] = 0.0;
  }
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      unew[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j]
                                + u[i * n + j - 1] + u[i * n + j + 1]);
  printf("%f\n", n > 2 ? unew[n + 1] : 0.0);
  free(u);
  free(unew);
  return 0;
}

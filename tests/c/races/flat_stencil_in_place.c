// expect: race 17:7 17:30
// The Jacobi sweep of flat_stencil.c updating the grid in place: iteration i writes row i
// while iteration i + 1 reads it as its row above, and the worksharing loop may run the two
// iterations on different threads at the same time (OpenMP 5.2 §11.5): a data race.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
  int n = argc > 1 ? atoi(argv[1]) : 64;
  double *u = malloc(n * n * sizeof(double));
  for (int k = 0; k < n * n; k++)
    u[k] = k % 7;
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      u[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j]
                             + u[i * n + j - 1] + u[i * n + j + 1]);
  printf("%f\n", n > 2 ? u[n + 1] : 0.0);
  free(u);
  return 0;
}

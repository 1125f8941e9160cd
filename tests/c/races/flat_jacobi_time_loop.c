// expect: race-free
// Jacobi iterations until convergence over an n-by-n grid stored row by row in one malloc'd
// block: each sweep is a worksharing loop over rows (OpenMP 5.2 §11.5) that writes the interior
// of its row of `unew` and reads `u`; the largest change is combined by `reduction(max: err)`
// (§7.6: each thread updates a private copy, combined at the end of the loop). After the region
// the two buffers are swapped through a temporary, so `u` and `unew` point to one or the other
// allocation in every sweep, always to different ones.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
  int n = argc > 1 ? atoi(argv[1]) : 32;
  double *u = malloc(n * n * sizeof(double));
  double *unew = malloc(n * n * sizeof(double));
  for (int k = 0; k < n * n; k++) {
    u[k] = k % 5;
    unew[k] = 0.0;
  }
  double err = 1.0;
  int iter = 0;
  while (err > 1e-6 && iter < 100) {
    err = 0.0;
#pragma omp parallel for reduction(max : err)
    for (int i = 1; i < n - 1; i++) {
      for (int j = 1; j < n - 1; j++) {
        unew[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j]
                                  + u[i * n + j - 1] + u[i * n + j + 1]);
        err = fmax(err, fabs(unew[i * n + j] - u[i * n + j]));
      }
    }
    double *t = u;
    u = unew;
    unew = t;
    iter++;
  }
  printf("%d %f\n", iter, err);
  free(u);
  free(unew);
  return 0;
}

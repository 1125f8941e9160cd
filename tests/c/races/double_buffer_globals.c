// expect: race-free
// double_buffer.c with the buffers in global pointers (DataRaceBench's DRB194 pattern): the
// step loop exchanges the globals through a temporary. Each step's worksharing loop writes
// `u2[i]` in iteration `i` only (OpenMP 5.2 §11.5), and the parallel region's implicit barrier
// (§10.1) ends a step before the swap.
#include <stdio.h>
#include <stdlib.h>

double *u1, *u2;
int n = 64, nsteps = 8;

int main(void) {
  u1 = malloc(n * sizeof(double));
  u2 = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    u1[i] = u2[i] = 0.5;
  for (int t = 0; t < nsteps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u2[i] = u1[i] + 0.2 * (u1[i - 1] + u1[i + 1] - 2 * u1[i]);
    double *tmp = u1;
    u1 = u2;
    u2 = tmp;
  }
  printf("%f\n", u1[n / 2]);
  free(u1);
  free(u2);
  return 0;
}

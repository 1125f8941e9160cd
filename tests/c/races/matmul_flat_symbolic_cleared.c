// expect: race 27:29 28:9
// A mutant of matmul_flat_symbolic.c that also clears the element of `B` it reads: iteration
// `i` writes `B[k * n + j]`, which every other iteration reads (OpenMP 5.2 §1.4.1: a write
// and a read of one location by two threads, unsynchronised). The footprint of `B` is the
// whole array (the row `k * n` is not linear in `k`), so the proof is not certain; the run
// finds the race.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  if (n < 1)
    return 1;
  double *A = malloc(n * n * sizeof(double));
  double *B = malloc(n * n * sizeof(double));
  double *C = malloc(n * n * sizeof(double));
  for (int x = 0; x < n * n; x++) {
    A[x] = 1.0;
    B[x] = 2.0;
  }
  int i, j, k;
  #pragma omp parallel for private(j, k)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      double s = 0.0;
      for (k = 0; k < n; k++) {
        s += A[i * n + k] * B[k * n + j];
        B[k * n + j] = 0.0;
      }
      C[i * n + j] = s;
    }
  printf("%f\n", C[0]);
  free(A);
  free(B);
  free(C);
  return 0;
}

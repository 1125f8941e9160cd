// expect: unknown
// A matrix product over flat `malloc`'d arrays of a size read at run time, the inner loop
// variables declared before the loop and made private (OpenMP 5.2 §5.4.3). The row `k * n` of
// `B` mentions the inner loop variable `k` with a coefficient that is not a constant: the
// footprint takes all of `B` (it was a type error, a variable left unbound). That `k * n + j`
// is inside `B` needs `k * n + j < n * n`, which ompv does not prove: unknown, not a race.
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
      for (k = 0; k < n; k++)
        s += A[i * n + k] * B[k * n + j];
      C[i * n + j] = s;
    }
  printf("%f\n", C[0]);
  free(A);
  free(B);
  free(C);
  return 0;
}

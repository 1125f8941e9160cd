// expect: race 16:5 16:5
// Mutant of simd_in_iteration.c: the inner loop's variable `j` is not private to the
// worksharing loop, so it is shared in the region (OpenMP 5.2 §5.1.1 predetermines only the
// worksharing loop's own variable `i`). In the `simd` construct `j` is linear (§5.1.1), and a
// linear variable's original is assigned the value of the last iteration at the end of the
// construct (§5.4.6): every thread writes the shared `j`, with nothing ordering the writes.
#include <stdio.h>

double a[100][100];

int main(void) {
  int i, j;
#pragma omp parallel for
  for (i = 0; i < 100; i++) {
#pragma omp simd
    for (j = 0; j < 100; j++)
      a[i][j] = i + j;
  }
  printf("%f\n", a[1][1]);
  return 0;
}

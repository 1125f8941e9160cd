// expect: race 16:7 16:7
// Mutant of simd_in_iteration.c: every iteration's `simd` loop writes row 0. Different
// iterations run on different threads (OpenMP 5.2 §11.5) and nothing orders them, so two
// threads write a[0][j]: a race between the iterations, through the lanes of their `simd`
// loops (§10.4: each thread runs its own loop's lanes).
#include <stdio.h>

double a[100][100];

int main(void) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < 100; i++) {
#pragma omp simd
    for (j = 0; j < 100; j++)
      a[0][j] = i + j;
  }
  printf("%f\n", a[1][1]);
  return 0;
}

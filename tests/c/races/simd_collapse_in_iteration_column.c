// expect: race 15:9 15:9
// Mutant of simd_collapse_in_iteration.c: every lane (j, k) writes b[i][j][0], so the lanes
// (j, k) and (j, k') of one iteration write the same element, and lanes of a `simd` loop may
// run at the same time (OpenMP 5.2 §10.4): a data race.
#include <stdio.h>

double b[10][10][10];

int main(void) {
#pragma omp parallel for
  for (int i = 0; i < 10; i++) {
#pragma omp simd collapse(2)
    for (int j = 0; j < 10; j++)
      for (int k = 0; k < 10; k++)
        b[i][j][0] = j + k;
  }
  printf("%f\n", b[1][1][1]);
  return 0;
}
// archer: no report — the race is between SIMD lanes of one thread, which it cannot see

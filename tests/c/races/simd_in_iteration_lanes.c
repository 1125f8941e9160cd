// expect: race 16:21 16:7
// Mutant of simd_in_iteration.c: lane j writes a[i][j + 1], which lane j + 1 reads. The
// lanes of a `simd` loop may run at the same time (OpenMP 5.2 §10.4), and the read stands in
// the same statement as the write, so no lexically forward dependence orders them: a race
// between lanes of one iteration's thread, which a check between threads alone would miss.
#include <stdio.h>

double a[100][101];

int main(void) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < 100; i++) {
#pragma omp simd
    for (j = 0; j < 100; j++)
      a[i][j + 1] = a[i][j] + 1;
  }
  printf("%f\n", a[1][1]);
  return 0;
}
// archer: no report — the race is between SIMD lanes of one thread, which it cannot see

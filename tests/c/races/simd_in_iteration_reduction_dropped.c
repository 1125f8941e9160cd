// expect: race 15:7 15:7
// Mutant of simd_in_iteration_reduction.c without the `reduction` clause: `s` is declared in
// the iteration, outside the `simd` construct, so it is shared by the lanes
// (OpenMP 5.2 §5.1.1), which may run at the same time (§10.4) and all write it.
#include <stdio.h>

double a[100][100], rows[100];

int main(void) {
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
    double s = 0;
#pragma omp simd
    for (int j = 0; j < 100; j++)
      s += a[i][j];
    rows[i] = s;
  }
  printf("%f\n", rows[1]);
  return 0;
}
// archer: no report — the race is between SIMD lanes of one thread, which it cannot see

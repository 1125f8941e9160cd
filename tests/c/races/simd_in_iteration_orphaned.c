// expect: race 15:21 15:7
// An orphaned worksharing loop (OpenMP 5.2 §11.5: it binds to the team of the region it is
// called in) whose iterations run a `simd` loop where lane j writes a[i][j + 1], which lane
// j + 1 reads in the same statement: the lanes may run at the same time (§10.4), a race in the
// region that calls `rows`.
#include <stdio.h>

double a[100][101];

void rows(void) {
#pragma omp for
  for (int i = 0; i < 100; i++) {
#pragma omp simd
    for (int j = 0; j < 100; j++)
      a[i][j + 1] = a[i][j];
  }
}

int main(void) {
#pragma omp parallel
  rows();
  printf("%f\n", a[1][1]);
  return 0;
}
// archer: no report — the race is between SIMD lanes of one thread, which it cannot see

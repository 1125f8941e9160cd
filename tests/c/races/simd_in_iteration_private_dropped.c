// expect: race 15:7 15:7
// Mutant of simd_in_iteration_private.c without `private(t)`: `t`, declared outside the
// worksharing loop, is shared in the region (OpenMP 5.2 §5.1.1) and by the lanes, so the
// lanes of one thread and the iterations of different threads (§10.4, §11.5) all write it.
#include <stdio.h>

double a[100][100];

int main(void) {
  double t;
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
#pragma omp simd
    for (int j = 0; j < 100; j++) {
      t = i * j;
      a[i][j] = t;
    }
  }
  printf("%f\n", a[1][1]);
  return 0;
}

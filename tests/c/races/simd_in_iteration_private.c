// expect: race-free
// A `simd` loop in an iteration with `private(t)`: `t` is declared outside the worksharing
// loop, so the region shares it (OpenMP 5.2 §5.1.1), but every lane of the `simd` construct
// works on a copy of its own (§5.4.3) and the original is never touched: no thread writes the
// shared `t`. Each iteration writes its own row (§11.5).
#include <stdio.h>

double a[100][100];

int main(void) {
  double t;
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
#pragma omp simd private(t)
    for (int j = 0; j < 100; j++) {
      t = i * j;
      a[i][j] = t;
    }
  }
  printf("%f\n", a[1][1]);
  return 0;
}

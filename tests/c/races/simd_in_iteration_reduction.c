// expect: race-free
// A row sum with a `simd reduction` in each iteration of a worksharing loop: each lane adds to
// its own private copy of `s` (OpenMP 5.2 §5.5.8), combined into the iteration's `s` at the
// end of the `simd` loop; `s` is declared in the iteration, so every iteration has its own
// (§5.1.1), and each writes its own rows[i] (§11.5).
#include <stdio.h>

double a[100][100], rows[100];

int main(void) {
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
    double s = 0;
#pragma omp simd reduction(+ : s)
    for (int j = 0; j < 100; j++)
      s += a[i][j];
    rows[i] = s;
  }
  printf("%f\n", rows[1]);
  return 0;
}

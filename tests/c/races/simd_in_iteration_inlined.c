// expect: race-free
// A function whose parallel loop runs a `simd` loop in each iteration, called twice: each call
// is checked where it stands, and the `simd` loop of each copy is a region of its own
// (OpenMP 5.2 §10.4: its lanes may run at the same time; §11.5: the thread of an iteration
// runs them).
#include <stdio.h>

double a[100][100];

void fill(int n, double v) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp simd
    for (int j = 0; j < 100; j++)
      a[i][j] = v + j;
  }
}

int main(void) {
  fill(100, 1.0);
  fill(50, 2.0);
  printf("%f\n", a[1][1]);
  return 0;
}

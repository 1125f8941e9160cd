// expect: race-free
// A `simd collapse(2)` loop in each iteration of a worksharing loop: its lanes are the pairs
// (j, k) (OpenMP 5.2 §4.4.3: the collapsed iteration space; §10.4: any two lanes may run at
// the same time), and each writes its own element of the iteration's plane b[i].
#include <stdio.h>

double b[10][10][10];

int main(void) {
#pragma omp parallel for
  for (int i = 0; i < 10; i++) {
#pragma omp simd collapse(2)
    for (int j = 0; j < 10; j++)
      for (int k = 0; k < 10; k++)
        b[i][j][k] = j + k;
  }
  printf("%f\n", b[1][1][1]);
  return 0;
}

// expect: race-free
// A `simd` loop in each iteration of a worksharing loop, under a sequential loop. The thread
// that runs iteration i runs all of its SIMD lanes (OpenMP 5.2 §11.5: each iteration runs on
// one thread; §10.4: `simd` is not worksharing, the encountering thread runs the whole loop),
// so other threads see the row a[i] as one footprint; the lanes of one `simd` loop may run at
// the same time (§10.4) and write different elements a[i][k][j].
#include <stdio.h>

double a[64][64][64];

int main(void) {
#pragma omp parallel for
  for (int i = 0; i < 64; i++)
    for (int k = 0; k < 64; k++) {
#pragma omp simd
      for (int j = 0; j < 64; j++)
        a[i][k][j] = i + j + k;
    }
  printf("%f\n", a[1][1][1]);
  return 0;
}

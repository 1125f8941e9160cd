// expect: race-free
// A `simd` loop in an iteration whose lanes depend on each other only forward: lane j writes
// b[i][j + 1] in its first statement, and lane j + 1 reads it in its second. OpenMP 5.2 §10.4:
// "Lexical forward dependences in the iterations of the original loop must be preserved within
// each SIMD chunk" — the write happens before the read. Different iterations of the worksharing
// loop touch different rows (§11.5).
#include <stdio.h>

double a[100][100], b[100][100];

int main(void) {
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
#pragma omp simd
    for (int j = 0; j < 99; j++) {
      b[i][j + 1] = a[i][j] + 1;
      a[i][j] = b[i][j];
    }
  }
  printf("%f\n", a[1][1]);
  return 0;
}

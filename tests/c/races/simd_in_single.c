// expect: race-free
// A `simd` loop in a `single`: one thread of the team runs the construct (OpenMP 5.2 §11.1)
// and with it the whole `simd` loop, whose lanes write different elements (§10.4); the
// `single`'s barrier (§11.1) orders it before the read after the region.
#include <stdio.h>

double b[100];

int main(void) {
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp simd
      for (int j = 0; j < 100; j++)
        b[j] = j;
    }
  }
  printf("%f\n", b[1]);
  return 0;
}

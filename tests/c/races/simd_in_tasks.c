// expect: race-free
// `simd` loops in two tasks of a `single`: each task runs its loop on one thread
// (OpenMP 5.2 §12.5), the two tasks may run at the same time but write different arrays, and the lanes of
// each loop write different elements (§10.4).
#include <stdio.h>
double b[100], c[100];
int main(void) {
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp task
      {
#pragma omp simd
        for (int j = 0; j < 100; j++)
          b[j] = j;
      }
#pragma omp task
      {
#pragma omp simd
        for (int j = 0; j < 100; j++)
          c[j] = j;
      }
    }
  }
  printf("%f\n", b[1] + c[1]);
  return 0;
}

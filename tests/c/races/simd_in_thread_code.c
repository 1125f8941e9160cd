// expect: race-free
// A `simd` loop under a sequential loop of the code every thread of the region runs
// (OpenMP 5.2 §10.1): each thread runs its own `simd` loop (§10.4: not worksharing) over its
// own row b[tid] (tid is the thread's number, §18.2.4), and the lanes of one loop write
// different elements.
#include <omp.h>
#include <stdio.h>

double b[8][100];

int main(void) {
#pragma omp parallel num_threads(8)
  {
    int tid = omp_get_thread_num();
    for (int k = 0; k < 10; k++) {
#pragma omp simd
      for (int j = 0; j < 100; j++)
        b[tid][j] = k + j;
    }
  }
  printf("%f\n", b[1][1]);
  return 0;
}

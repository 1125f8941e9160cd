// expect: race 17:9 17:9
// Mutant of simd_in_thread_code.c: every thread's `simd` loop writes row 0. The code every
// thread runs is not ordered between threads (OpenMP 5.2 §10.1), so two threads write b[0][j]
// at the same time: a data race.
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
        b[0][j] = k + j + tid;
    }
  }
  printf("%f\n", b[1][1]);
  return 0;
}

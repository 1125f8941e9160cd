// expect: race 16:20 16:9
// Mutant of simd_in_single.c: lane j writes b[j + 1], which lane j + 1 reads in the same
// statement; the lanes of a `simd` loop may run at the same time (OpenMP 5.2 §10.4), even
// though one thread runs the `single`: a data race between lanes.
#include <stdio.h>

double b[101];

int main(void) {
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp simd
      for (int j = 0; j < 100; j++)
        b[j + 1] = b[j] + 1;
    }
  }
  printf("%f\n", b[1]);
  return 0;
}
// archer: no report — the race is between SIMD lanes of one thread, which it cannot see

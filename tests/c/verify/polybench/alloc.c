// PolyBench's allocator as DataRaceBench's kernels use it: a fresh block of `n` elements, cast
// to a pointer to a 2-D array; the timers (undeclared without `POLYBENCH_TIME`) touch no
// memory of the program.
#include <stdlib.h>
#include "polybench.h"
#define N 16

int main(void)
{
  double (*A)[N][N] = (double (*)[N][N])polybench_alloc_data(N * N, sizeof(double));
  polybench_timer_start();
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      (*A)[i][j] = 1.0;
  polybench_timer_stop();
  A[0][3][4] = 2.0;
  free((void *)A);
  return 0;
}
// archer: cannot run — it needs PolyBench's polybench.c to link

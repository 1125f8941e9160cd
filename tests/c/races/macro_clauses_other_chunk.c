// expect: race 19:7 22:14
// Mutant of macro_clauses.c: the second loop's chunk `HALF` is 2, not 4, so an iteration can
// run on another thread than the one that wrote its element in the first loop, and `nowait`
// leaves the write and the read unordered
// (OpenMP 5.2 §11.5.3: only the same schedule gives the same iterations to the same thread;
// §1.3: a write and an unordered read of one location race).
#include <stdio.h>
#define N 64
#define NT 4
#define CHUNK 4
#define HALF (CHUNK / 2)
int main(void)
{
  int a[N], b[N];
#pragma omp parallel num_threads(NT)
  {
#pragma omp for schedule(static, CHUNK) nowait
    for (int i = 0; i < N; i++)
      a[i] = i;
#pragma omp for schedule(static, HALF)
    for (int i = 0; i < N; i++)
      b[i] = a[i] + 1;
  }
  printf("%d\n", b[5]);
  return 0;
}

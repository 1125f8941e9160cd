// expect: race 18:7 18:7
// Mutant of read_shared_index.c: the iterations write `a[i / 4]`, one location for four of
// them: iterations 0 to 3 all write `a[0]`, on different threads at the same time
// (OpenMP 5.2 §1.3: unordered accesses to one location, one of them a write, race).
#include <omp.h>
#include <stdio.h>
#define N 64

double a[N], b[N], w[8];

int main(void)
{
  int i;
#pragma omp parallel num_threads(8)
  {
#pragma omp for
    for (i = 0; i < N; i++)
      a[i / 4] = a[i % 2] + w[omp_get_thread_num() / 2];
  }
  printf("%f\n", b[3]);
  return 0;
}

// expect: race 18:5 18:5
// Mutant of thread_partial_sums.c with `for simd`: the iterations of one SIMD chunk may run at
// the same time (OpenMP 5.2 §10.4), so two iterations of one thread may add to its slot at once;
// the order of a thread's chunks (§11.5.3) does not order the lanes of a chunk.
#include <omp.h>
#include <stdio.h>
#define N 1000
#define T 4

double a[N];
double partial[T];

int main(void)
{
  int i;
#pragma omp parallel for simd num_threads(T)
  for (i = 0; i < N; i++)
    partial[omp_get_thread_num()] += a[i];
  printf("%f\n", partial[0]);
  return 0;
}
// archer: no report — the race is between SIMD lanes of one thread, which it cannot see

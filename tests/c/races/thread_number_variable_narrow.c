// expect: unknown
// A thread's number kept in an `unsigned char`: with more than 256 threads (the team size is
// not bounded here) threads t and t + 256 get the same slot and write it at the same time
// (OpenMP 5.2 §11.5: nothing orders iterations of different threads), a data race that a run
// with a few threads does not show. The conversion does not keep every thread number, so ompv
// must not take `tid` for the thread's number: not `verified`.
#include <omp.h>
#include <stdio.h>
#define N 1000
double a[N];
double partial[256];

int main(void)
{
  int i;
#pragma omp parallel
  {
    unsigned char tid = omp_get_thread_num();
#pragma omp for
    for (i = 0; i < N; i++)
      partial[tid] += a[i];
  }
  printf("%f\n", partial[0]);
  return 0;
}

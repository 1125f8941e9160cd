// expect: race 23:7 23:7
// Mutant of thread_number_variable_long.c: the slot is the thread's number halved, so threads
// 2k and 2k + 1 share a slot and add to it at the same time: iterations of different threads
// are not ordered (OpenMP 5.2 §11.5), a data race. (`me` is not a copy of the thread's number,
// so ompv must not take it for one.)
#include <omp.h>
#include <stdio.h>
#define N 1000
double a[N];
double partial[8];

int main(void)
{
  int i;
#pragma omp parallel num_threads(8)
  {
    long tid = omp_get_thread_num();
    int me = tid / 2;
    partial[me] = 0;
#pragma omp barrier
#pragma omp for
    for (i = 0; i < N; i++)
      partial[me] += a[i];
  }
  double s = 0;
  for (i = 0; i < 8; i++)
    s += partial[i];
  printf("%f\n", s);
  return 0;
}

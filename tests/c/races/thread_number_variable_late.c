// expect: race 22:7 22:7
// Mutant of thread_number_variable.c: `tid` is assigned only after the loop, so in the loop it
// holds no thread number (its value is indeterminate, C11 6.7.9p10); the threads may add to
// one slot at the same time (OpenMP 5.2 §11.5.3: iterations of different threads are not
// ordered).
//
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
    int tid;
    int first = 0;
#pragma omp for
    for (i = 0; i < N; i++)
      partial[tid] += a[i];
    tid = omp_get_thread_num();
  }
  double s = 0;
  for (i = 0; i < 8; i++)
    s += partial[i];
  printf("%f\n", s);
  return 0;
}

// expect: race 21:7 21:7
// Mutant of thread_number_variable.c: `copyprivate(tid)` on a `single` gives every thread's
// `tid` the value of the thread that ran the `single` (OpenMP 5.2 §5.7.2), without an
// assignment in the code: in the loop all threads add to that thread's slot at once.
#include <omp.h>
#include <stdio.h>
#define N 100
double a[N];
double partial[8];

int main(void)
{
  int i;
#pragma omp parallel num_threads(8)
  {
    int tid = omp_get_thread_num();
#pragma omp single copyprivate(tid)
    a[0] = 1;
#pragma omp for
    for (i = 0; i < N; i++)
      partial[tid] += a[i];
  }
  printf("%f\n", partial[0]);
  return 0;
}

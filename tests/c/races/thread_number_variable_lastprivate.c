// expect: race 24:7 24:7
// Mutant of thread_number_variable.c: `lastprivate(tid)` on the first loop copies the private
// `tid` of the sequentially last iteration — never assigned there, so indeterminate — into the
// `tid` of the thread that ran it (OpenMP 5.2 §5.4.5), without an assignment in the code: in the
// second loop that thread's `tid` is not its number, and two threads may add to one slot.
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
#pragma omp for lastprivate(tid)
    for (i = 0; i < N; i++)
      a[i] = i;
#pragma omp for
    for (i = 0; i < N; i++)
    {
      partial[tid] += a[i];
    }
  }
  printf("%f\n", partial[0]);
  return 0;
}

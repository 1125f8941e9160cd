// expect: race-free
// Two worksharing loops without a barrier between them (`nowait`): a thread runs its
// iterations of the first loop before those of the second (OpenMP 5.2 §11.5.3, a thread runs
// its chunks in turn; §15.3: `nowait` removes only the barrier), so the slot a thread writes in
// the first loop and reads in the second is never accessed by two threads.
#include <omp.h>
#include <stdio.h>
#define N 100
#define T 4

double a[N], b[N];
double slot[T];

int main(void)
{
  int i;
#pragma omp parallel num_threads(T)
  {
#pragma omp for schedule(dynamic) nowait
    for (i = 0; i < N; i++)
      slot[omp_get_thread_num()] = a[i];
#pragma omp for schedule(guided)
    for (i = 0; i < N; i++)
      b[i] = slot[omp_get_thread_num()];
  }
  printf("%f\n", b[3]);
  return 0;
}

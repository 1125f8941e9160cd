// expect: race 21:7 24:14
// Mutant of thread_slots_nowait.c: the second loop reads the slot of the next thread, which
// that thread may be writing in the first loop at the same time: without the barrier `nowait`
// removes (OpenMP 5.2 §15.3), the loops of different threads are not ordered (§11.5.3).
//
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
      b[i] = slot[(omp_get_thread_num() + 1) % T];
  }
  printf("%f\n", b[3]);
  return 0;
}

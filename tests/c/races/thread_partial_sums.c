// expect: race-free
// Per-thread partial sums in a worksharing loop: each iteration adds to the slot of the thread
// that runs it. Every iteration runs on one thread, and a thread runs the chunks it gets one
// after another (OpenMP 5.2 §11.5.3), so two iterations that write one slot run on one thread
// and never at the same time; iterations of different threads write different slots.
#include <omp.h>
#include <stdio.h>
#define N 1000
#define T 4

double a[N];
double partial[T];

int main(void)
{
  int i;
  for (i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel num_threads(T)
  {
#pragma omp for schedule(dynamic, 8)
    for (i = 0; i < N; i++)
      partial[omp_get_thread_num()] += a[i];
  }
  double s = 0;
  for (i = 0; i < T; i++)
    s += partial[i];
  printf("%f\n", s);
  return 0;
}

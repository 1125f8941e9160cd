// expect: race 22:7 22:7
// Mutant of thread_partial_sums.c: threads 0 and 1 share slot 0, so iterations of two threads
// write one location at the same time (OpenMP 5.2 §11.5.3: the chunks of different threads are
// not ordered).
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
      partial[omp_get_thread_num() / 2] += a[i];
  }
  double s = 0;
  for (i = 0; i < T; i++)
    s += partial[i];
  printf("%f\n", s);
  return 0;
}
// archer: no report — found in some runs only: its shadow memory keeps few accesses to a slot

// expect: race-free
// A variable of the region holds its thread's number (`int tid = omp_get_thread_num();`, the
// only assignment, before the loop): in the worksharing loop it is the number of the thread
// that runs the iteration. Each thread clears its slot and then adds its iterations to it, in
// its program order (OpenMP 5.2 §11.5: the iterations run in the threads' implicit tasks;
// §11.5.3: a thread runs its chunks in turn), so no slot is accessed by two threads.
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
    int tid = omp_get_thread_num();
    partial[tid] = 0;
#pragma omp for
    for (i = 0; i < N; i++)
      partial[tid] += a[i];
  }
  double s = 0;
  for (i = 0; i < 8; i++)
    s += partial[i];
  printf("%f\n", s);
  return 0;
}

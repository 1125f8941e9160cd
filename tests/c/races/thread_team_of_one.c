// expect: unknown
// A worksharing loop in a team of one thread (`num_threads(1)`, OpenMP 5.2 §10.1.1: at most
// one thread): its iterations never run at the same time, but ompv checks them as a loop of a
// team without a thread of their own, so the slot `omp_get_thread_num()` names is any element
// to the proof. The answer is `unknown`, never an error about the thread number.
#include <omp.h>
#include <stdio.h>

double a[100];
double partial[4];

int main(void)
{
  int i;
#pragma omp parallel num_threads(1)
  {
#pragma omp for
    for (i = 0; i < 100; i++)
      partial[omp_get_thread_num()] += a[i];
  }
  printf("%f\n", partial[0]);
  return 0;
}

// expect: race-free
// taskloop_nogroup.c with a `taskwait`: the loop's tasks are children of the generating task
// and complete at the `taskwait` (OpenMP 5.2 §12.6, §15.5).
#include <stdio.h>
int a[100];
int main(void)
{
  int sum = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop nogroup
    for (int i = 0; i < 100; i++)
      a[i] = i;
#pragma omp taskwait
    for (int i = 0; i < 100; i++)
      sum = sum + a[i];
  }
  printf("%d\n", sum);
  return 0;
}

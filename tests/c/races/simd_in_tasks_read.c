// expect: race 16:11 22:18
// Mutant of simd_in_tasks.c: the second task's loop reads b, which the first task's loop
// writes; nothing orders the two tasks (OpenMP 5.2 §12.5: no `taskwait`, no dependence), so
// the accesses may happen at the same time: a data race.
#include <stdio.h>
double b[100], c[100];
int main(void) {
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp task
      {
#pragma omp simd
        for (int j = 0; j < 100; j++)
          b[j] = j;
      }
#pragma omp task
      {
#pragma omp simd
        for (int j = 0; j < 100; j++)
          c[j] = b[j];
      }
    }
  }
  printf("%f\n", b[1] + c[1]);
  return 0;
}

// expect: race 16:7 22:11
// A mutant of master_tasks.c without the barrier: `master` has no barrier of its own
// (OpenMP 5.2 §10.5), so the `single` may read `a[0]` while the task that writes it still
// runs. (Otherwise as the original.)
// (Two tasks, then one thread adds their results.)
#include <stdio.h>
int a[2];
int sum;

int main(void) {
  #pragma omp parallel
  {
    #pragma omp master
    {
      #pragma omp task
      a[0] = 1;
      #pragma omp task
      a[1] = 2;
    }
    // (no barrier)
    #pragma omp single
    sum = a[0] + a[1];
  }
  printf("%d\n", sum);
  return 0;
}

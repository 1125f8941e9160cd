// expect: race 16:7 18:7
// A mutant of master_tasks.c whose two tasks both write `a[0]`: tasks generated in a
// `master` block may run at the same time on different threads (OpenMP 5.2 §12.5), like
// those of a `single`. (Otherwise as the original.)
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
      a[0] = 2;
    }
    #pragma omp barrier
    #pragma omp single
    sum = a[0] + a[1];
  }
  printf("%d\n", sum);
  return 0;
}

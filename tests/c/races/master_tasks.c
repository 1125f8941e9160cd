// expect: race-free
// Tasks generated in a `master` block: thread 0 creates them, any thread of the team may run
// them, and they complete at the next barrier (OpenMP 5.2 §10.5: no barrier around `master`;
// §12.5, §15.3.1: a barrier waits for the team's tasks). The two tasks write different
// elements; after the barrier one thread reads both.
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
    #pragma omp barrier
    #pragma omp single
    sum = a[0] + a[1];
  }
  printf("%d\n", sum);
  return 0;
}

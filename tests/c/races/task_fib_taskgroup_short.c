// expect: race 17:3 18:14
// Mutant of task_fib_taskgroup.c whose `taskgroup` ends before the second task: nothing waits
// for the task that writes `y` before the read (OpenMP 5.2 §15.4 covers only the tasks generated
// in the region; §12.5: the task may run at any time until then).
#include <stdio.h>

int fib(int n) {
  int x, y;
  if (n < 2)
    return n;
#pragma omp taskgroup
  {
#pragma omp task shared(x)
    x = fib(n - 1);
  }
#pragma omp task shared(y)
  y = fib(n - 2);
  return x + y;
}

int main(void) {
  int r = 0;
#pragma omp parallel
  {
#pragma omp single
    r = fib(15);
  }
  printf("%d\n", r);
  return 0;
}

// expect: race 16:7 20:18
// OpenMP 5.2 §5.4.4, §12.5: a task's `firstprivate` copy is initialised when the task is
// generated, by the generating thread: the `single` reads `x` there while the `master` block
// (§10.5: no barrier) may be writing it on thread 0, after some work of its own (long enough
// for the run to give the `single` to another thread).
#include <stdio.h>
int main(void)
{
  int x = 0;
  int work = 0;
#pragma omp parallel
  {
#pragma omp master
    {
      for (int k = 0; k < 10000; k++) work += k;
      x = 5;
    }
#pragma omp single
    {
#pragma omp task firstprivate(x)
      printf("%d\n", x);
    }
  }
  printf("%d\n", work);
  return 0;
}
// archer: no report — found in some runs only: the task is often generated after the write

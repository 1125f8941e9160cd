// expect: race-free
// Twin of firstprivate_init_master_task.c: an explicit barrier (OpenMP 5.2 §15.3.1) orders the
// `master` block's write before the task is generated and copies `x` (§5.4.4, §12.5).
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
#pragma omp barrier
#pragma omp single
    {
#pragma omp task firstprivate(x)
      printf("%d\n", x);
    }
  }
  printf("%d\n", work);
  return 0;
}

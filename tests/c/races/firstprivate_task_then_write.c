// expect: race-free
// OpenMP 5.2 §5.4.4, §12.5: the task's copy of `x` is made when the task is generated, so the
// generating code may write the original right after the `task` construct while the task runs:
// the task reads only its copy. (A task that shared `x` would race with that write.)
#include <stdio.h>
int main(void)
{
  int x = 1;
  int a[2];
#pragma omp parallel
#pragma omp single
  {
#pragma omp task firstprivate(x)
    a[0] = x;
    x = 2;
#pragma omp task firstprivate(x)
    a[1] = x;
  }
  printf("%d %d\n", a[0], a[1]);
  return 0;
}

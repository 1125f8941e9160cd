// expect: race 16:5 17:20
// OpenMP 5.2 §5.4.4, §5.1.1: the `single` copies `x` into its `firstprivate` copy when it
// starts, before its first task is created, while the `master` block before it (no barrier)
// may be writing `x` on thread 0. The `single` has no code of its own before the task, and the
// task works on a copy of the `single`'s copy. (Found by the C fuzz test, seed 1796192121: with
// no code before the first task, the `single`'s copy was read nowhere.)
#include <stdio.h>
int x;
int a[4];
int main(void)
{
  int k = 1;
#pragma omp parallel num_threads(3)
  {
#pragma omp master
    x = 2;
#pragma omp single firstprivate(x)
    {
#pragma omp task
      {
        x = x + 1;
        a[k] = x;
      }
    }
  }
  printf("%d %d\n", a[1], x);
  return 0;
}

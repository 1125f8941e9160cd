// expect: race-free
// Twin of firstprivate_init_single_tasks.c with a barrier after the `master` block
// (OpenMP 5.2 §15.3.1): the write of `x` is over before the `single` copies it (§5.4.4); the
// task and the rest of the `single` touch different elements.
#include <stdio.h>
int x;
int a[4];
int main(void)
{
#pragma omp parallel
  {
#pragma omp master
    x = 2;
#pragma omp barrier
#pragma omp single firstprivate(x)
    {
#pragma omp task
      a[0] = 1;
      a[1] = x;
    }
  }
  printf("%d %d\n", a[0], a[1]);
  return 0;
}

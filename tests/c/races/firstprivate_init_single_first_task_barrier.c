// expect: race-free
// Twin of firstprivate_init_single_first_task.c with a barrier after the `master` block
// (OpenMP 5.2 §15.3.1): the write of `x` is over before the `single` copies it (§5.4.4), and
// the task only touches its own copy of the `single`'s copy (§5.1.1) and `a[k]`.
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
#pragma omp barrier
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

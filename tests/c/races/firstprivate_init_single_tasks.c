// expect: race 14:5 15:20
// OpenMP 5.2 §5.4.4, §10.5: the `single` that generates a task copies `x` when it starts, on
// whichever thread runs it, while the `master` block before it (no barrier) may be writing `x`
// on thread 0. (Found by the C fuzz test: the copy of a `single` whose code generates tasks was
// not read.)
#include <stdio.h>
int x;
int a[4];
int main(void)
{
#pragma omp parallel
  {
#pragma omp master
    x = 2;
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
// archer: no report — found in some runs only: the thread that runs the `master` block often
// takes the `single` too

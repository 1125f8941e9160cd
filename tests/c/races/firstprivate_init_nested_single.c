// expect: race 12:5 13:20
// OpenMP 5.2 §5.4.4, §11.1: the `single` with `firstprivate(x)` copies `x` when it starts, on
// whichever thread runs it, while the `single nowait` before it may be writing `x` on another.
#include <stdio.h>
int main(void)
{
  int x = 0;
  int y = 0;
#pragma omp parallel
  {
#pragma omp single nowait
    x = 5;
#pragma omp single firstprivate(x)
    y = x;
  }
  printf("%d\n", y);
  return 0;
}
// archer: no report — the thread of the first `single` is the first to reach the second too

// expect: race 14:7 11:26
// OpenMP 5.2 §17.2, §17.3: on `parallel for`, `firstprivate(x)` applies to the `for`
// construct, whose original `x` is shared in the `parallel` one; each thread copies it when it
// starts the loop (§5.4.4), while iteration 0 may already be writing it through `p`.
#include <stdio.h>
int a[16];
int main(void)
{
  int x = 3;
  int *p = &x;
#pragma omp parallel for firstprivate(x)
  for (int i = 0; i < 16; i++) {
    if (i == 0)
      *p = 7;
    a[i] = x + i;
  }
  printf("%d %d\n", a[1], x);
  return 0;
}
// archer: no report — clang 14 makes the copies of a combined `parallel for` before the threads start, a stricter order than OpenMP 5.2 §17.2 promises

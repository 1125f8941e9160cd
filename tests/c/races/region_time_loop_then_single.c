// expect: race-free
// One parallel region around a time loop and the output after it: every thread runs the loop
// (its counter `t` declared in the loop, the same for all threads), whose two worksharing loops
// end with implicit barriers (OpenMP 5.2 §11.5), so one step's writes of `b` and `a` happen
// before the next step's reads, and the last barrier orders the whole loop before the `single`
// that prints (§11.1). ompv checks it as the loop around one region per step, then a region for
// the code after the loop (§11: every thread meets the same worksharing and barrier regions in
// the same order).
#include <stdio.h>

int main(void)
{
  int n = 1000;
  double a[1000], b[1000];
  for (int i = 0; i < n; i++) {
    a[i] = i;
    b[i] = 0;
  }
#pragma omp parallel
  {
    for (int t = 0; t < 10; t++) {
#pragma omp for
      for (int i = 1; i < n - 1; i++)
        b[i] = (a[i - 1] + a[i + 1]) / 2;
#pragma omp for
      for (int i = 1; i < n - 1; i++)
        a[i] = b[i];
    }
#pragma omp single
    printf("%f\n", a[10]);
  }
  return 0;
}

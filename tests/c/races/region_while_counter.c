// expect: race-free
// A parallel region whose body counts its steps with a `while` loop over a counter declared in
// the region (private to each thread, OpenMP 5.2 §5.1.1) and stepped last in the body: every
// thread runs the same steps, and each step ends with the implicit barrier of its second
// worksharing loop (§11.5), which orders its writes of `a` before the next step's reads. ompv
// checks it as `for (int it = 0; it < 10; it++)` around one region per step.
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
    int it = 0;
    while (it < 10) {
#pragma omp for
      for (int i = 1; i < n - 1; i++)
        b[i] = (a[i - 1] + a[i + 1]) / 2;
#pragma omp for
      for (int i = 1; i < n - 1; i++)
        a[i] = b[i];
      it++;
    }
  }
  printf("%f\n", a[10]);
  return 0;
}

// expect: race 21:9 24:16
// Mutant of region_while_counter.c with `nowait` on the step's first loop: without its barrier
// (OpenMP 5.2 §11.5), a thread may run the second loop's iteration `i`, reading `b[i]`, while
// another thread still writes `b[i]` in the first.
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
#pragma omp for nowait
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

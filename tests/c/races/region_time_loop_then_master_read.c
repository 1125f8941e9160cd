// expect: race 27:7 29:16
// Mutant of region_time_loop_then_single.c: after the loop the master thread resets `a[10]` in a
// `master` construct, which has no barrier (OpenMP 5.2 §10.5), and then every thread reads
// `a[10]`: another thread may read it while the master thread writes it.
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
#pragma omp master
    {
      a[10] = 0;
    }
    double x = a[10];
    printf("%f\n", x);
  }
  return 0;
}

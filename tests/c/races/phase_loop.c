// expect: race-free
// A time-step loop inside a region: every thread runs every step (OpenMP 5.2 §11: all threads
// meet the same worksharing regions in the same order). The implicit barrier at the end of each
// `omp for` (§11.5) orders the copy before the update, and the update of one step before the
// copy of the next, so no two accesses to `u` or `old` race.
#include <stdio.h>
#define N 100
double u[N], old[N];

int main(int argc, char **argv)
{
  int i, t;
  for (i = 0; i < N; i++)
    u[i] = i;
#pragma omp parallel private(t)
  {
    for (t = 0; t < 10; t++) {
#pragma omp for
      for (i = 0; i < N; i++)
        old[i] = u[i];
#pragma omp for
      for (i = 1; i < N - 1; i++)
        u[i] = (old[i - 1] + old[i + 1]) / 2.0;
    }
  }
  printf("%f\n", u[1]);
  return 0;
}

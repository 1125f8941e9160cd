// expect: race 21:7 24:23
// Mutant of phase_loop_single.c with `nowait` on the `single`: without the barrier at its end
// (OpenMP 5.2 §11.1) the other threads read `scale` in the `omp for` while the `single` thread
// updates it. The step loop still ends with a barrier (the `omp for`'s), so ompv rewrites it
// and proves the race.
#include <stdio.h>
#define N 64
double a[N];

int main(int argc, char **argv)
{
  double scale = 1.0;
  int i;
  for (i = 0; i < N; i++)
    a[i] = 1.0;
#pragma omp parallel
  {
    int step;
    for (step = 0; step < 8; step++) {
#pragma omp single nowait
      scale = scale * 0.5;
#pragma omp for
      for (i = 0; i < N; i++)
        a[i] = a[i] * scale;
    }
  }
  printf("%f\n", a[0]);
  return 0;
}

// expect: race-free
// The step variable is declared in the region, so private to each thread (OpenMP 5.2 §5.1.1).
// In each step one thread updates `scale` in a `single` (§11.1); the barrier at its end orders
// the update before the reads in the `omp for`, and the barrier at the end of the `omp for`
// (§11.5) orders those reads before the next step's update.
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
#pragma omp single
      scale = scale * 0.5;
#pragma omp for
      for (i = 0; i < N; i++)
        a[i] = a[i] * scale;
    }
  }
  printf("%f\n", a[0]);
  return 0;
}

// expect: race 19:9 22:17
// Mutant of phase_loop.c with `nowait` on the copy: without the barrier at its end
// (OpenMP 5.2 §11.5) a thread may update `u[i]` from `old[i - 1]` while another thread still
// copies into `old[i - 1]` in the same step.
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
#pragma omp for nowait
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

// expect: race 23:9 20:18
// Mutant of phase_loop.c with `nowait` on the last worksharing loop of the step: nothing orders
// a thread's update of step t (OpenMP 5.2 §11.5: no barrier) before another thread's copy in
// step t + 1, which reads `u[i]`. ompv does not rewrite such a loop (its steps are not separated
// by a barrier); the race is found by running the program.
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
#pragma omp for nowait
      for (i = 1; i < N - 1; i++)
        u[i] = (old[i - 1] + old[i + 1]) / 2.0;
    }
  }
  printf("%f\n", u[1]);
  return 0;
}

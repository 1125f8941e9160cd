// expect: race 17:10 17:10
// Mutant of phase_loop.c without `private(t)`: the step variable is shared (OpenMP 5.2 §5.1.1),
// and every thread runs the loop (§11), so all threads increment the same `t`. ompv does not
// rewrite such a loop (the threads need not run the same steps); the race is found by running
// the program.
#include <stdio.h>
#define N 100
double u[N], old[N];

int main(int argc, char **argv)
{
  int i, t;
  for (i = 0; i < N; i++)
    u[i] = i;
#pragma omp parallel
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
// archer: cannot run — threads that see different `t` meet different barriers: it hangs

// expect: race 19:7 19:30
// Mutant of double_buffer_globals.c: the step writes the buffer it reads (`u1[i]` instead of
// `u2[i]`): iteration i writes u1[i] while iteration i + 1, on another thread, reads it as its
// left neighbour. Nothing orders the two iterations (OpenMP 5.2 §11.5): a data race.
#include <stdio.h>
#include <stdlib.h>

double *u1, *u2;
int n = 64, nsteps = 8;

int main(void) {
  u1 = malloc(n * sizeof(double));
  u2 = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    u1[i] = u2[i] = 0.5;
  for (int t = 0; t < nsteps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u1[i] = u1[i] + 0.2 * (u1[i - 1] + u1[i + 1] - 2 * u1[i]);
    double *tmp = u1;
    u1 = u2;
    u2 = tmp;
  }
  printf("%f\n", u1[n / 2]);
  free(u1);
  free(u2);
  return 0;
}

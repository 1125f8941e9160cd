// expect: race-free
// Three buffers in rotation (a wave equation keeps the two previous steps): each step writes
// `next` from `cur` and `prev`, then the roles move on by one. The iterations of a step's
// worksharing loop write different elements of `next` (OpenMP 5.2 §11.5) and the region's
// implicit barrier (§10.1) ends the step before the rotation.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 50, steps = 6;
  double *prev = malloc(n * sizeof(double));
  double *cur = malloc(n * sizeof(double));
  double *next = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    prev[i] = cur[i] = next[i] = 0.0;
  cur[n / 2] = 1.0;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      next[i] = 2 * cur[i] - prev[i] + 0.25 * (cur[i - 1] - 2 * cur[i] + cur[i + 1]);
    double *old = prev;
    prev = cur;
    cur = next;
    next = old;
  }
  printf("%f\n", cur[n / 2]);
  free(prev);
  free(cur);
  free(next);
  return 0;
}

// expect: race 20:7 20:48
// Mutant of triple_buffer.c: the rotation's last assignment copies the wrong pointer
// (`next = cur` instead of `next = old`), so from the second step `next` and `cur` name the
// same object: iteration i writes next[i] while iteration i + 1 reads it as cur[i]. Nothing
// orders iterations on different threads (OpenMP 5.2 §11.5): a data race.
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
    next = cur;
    (void)old;
  }
  printf("%f\n", cur[n / 2]);
  free(prev);
  free(cur);
  free(next);
  return 0;
}

// expect: unknown
// Mutant of double_buffer.c: with more than five arguments the swap makes both pointers name
// one object, and from then on iteration i writes next[i] while iteration i + 1, on another
// thread, reads it as cur[i] (OpenMP 5.2 §11.5: nothing orders them). A run with few
// arguments never shows the race; the proof must not claim race freedom: the step loop's
// invariant (the pointers hold the two values from before it, in some order) does not hold
// when the arguments are many, so the answer is `unknown`, never `verified`.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = 100, steps = 10;
  double *cur = malloc(n * sizeof(double));
  double *next = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    cur[i] = next[i] = i;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      next[i] = (cur[i - 1] + cur[i] + cur[i + 1]) / 3.0;
    double *tmp = cur;
    cur = next;
    if (argc > 5)
      next = cur;
    else
      next = tmp;
  }
  printf("%f %s\n", cur[n / 2], argv[0]);
  free(cur);
  free(next);
  return 0;
}

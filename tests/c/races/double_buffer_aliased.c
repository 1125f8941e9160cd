// expect: race 19:7 19:18
// Mutant of double_buffer.c: the swap's last assignment copies the wrong pointer
// (`next = cur` instead of `next = tmp`), so from the second step both pointers name the same
// object and the loop's iterations write elements that other iterations read. Nothing orders
// two iterations of a worksharing loop on different threads (OpenMP 5.2 §11.5), so this is a
// data race (§1.4.1).
#include <stdio.h>
#include <stdlib.h>

int main(void) {
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
    next = cur;
    (void)tmp;
  }
  printf("%f\n", cur[n / 2]);
  free(cur);
  free(next);
  return 0;
}

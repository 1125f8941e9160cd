// expect: race-free
// A stencil over two buffers that change roles after every step (the pointers are swapped,
// not the data): each step's loop writes only `next` and reads only `cur`, and the loop's
// iterations write different elements (OpenMP 5.2 §11.5: the iterations are divided among the
// threads). The implicit barrier at the end of each parallel region (§10.1) orders the steps.
// The proof needs to know that after any number of swaps the two pointers still point to the
// two objects of `n` elements: the step loop's invariant says they hold the two values from
// before it, in one order or the other.
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
    next = tmp;
  }
  printf("%f\n", cur[n / 2]);
  free(cur);
  free(next);
  return 0;
}

// expect: race 11:5 11:5
// Mutant of helper_range_loop.c: the blocks overlap by one element ([100 * b, 100 * b + 101)),
// which iterations b and b + 1 both scale, possibly at the same time on different threads
// (OpenMP 5.2 §11.5): a data race inside the helper.
#include <stdio.h>
#include <stdlib.h>

void scale(int *a, int lo, int hi)
{
  for (int i = lo; i < hi; i++)
    a[i] = a[i] * 2;
}

int main(void)
{
  int n = 1000;
  int *a = malloc((n + 1) * sizeof(int));
  for (int i = 0; i <= n; i++)
    a[i] = i;
#pragma omp parallel for
  for (int b = 0; b < 10; b++)
    scale(a, b * 100, b * 100 + 101);
  printf("done\n");
  return 0;
}

// expect: race-free
// A worksharing loop over ten blocks (OpenMP 5.2 §11.5: the iterations are divided among the
// threads), each iteration calling a helper over its own block [100 * b, 100 * b + 100): no
// element is touched by two iterations. The helper asks for a pointer to the start of the
// allocation, which `a` is in the whole region. (Nothing after the region uses all of `a`:
// taking back the permissions of a region whose iterations' footprints come from a call, to
// read `a[n - 1]` or free `a`, is not always proved — the answer is then `unknown` with race
// freedom proved, and it has varied between runs; see the closing note of stop 34.)
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
  int *a = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma omp parallel for
  for (int b = 0; b < 10; b++)
    scale(a, b * 100, b * 100 + 100);
  printf("done\n");
  return 0;
}

// expect: race-free
// A worksharing loop over ten blocks (OpenMP 5.2 §11.5: the iterations are divided among the
// threads), each iteration calling a helper over its own block [100 * b, 100 * b + 100): no
// element is touched by two iterations. The helper asks for a pointer to the start of the
// allocation, which `a` is in the whole region. After the region, `a[n - 1]` is read and `a`
// freed: the region's permissions, quantified over the block `b` and the element `k` with
// `100 * b <= k < 100 * b + 100`, come back as permissions to each element, `b` being `k / 100`
// (this proof used to depend on E-matching and its answer varied between runs).
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
  printf("%d\n", a[n - 1]);
  free(a);
  return 0;
}

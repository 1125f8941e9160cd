// expect: race-free
// A helper fills an n-by-m matrix stored row by row (element (i, j) at i * m + j) with a
// worksharing loop over the rows (OpenMP 5.2 §11.5): iteration i writes elements
// [i * m, i * m + m), which no other iteration writes (0 <= j < m). The caller then frees the
// block: all of it is given back after the region.
#include <stdlib.h>

void fill(double *a, int n, int m)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = i + j;
}

int main(int argc, char *argv[])
{
  int n = 100, m = 50;
  if (argc > 2) {
    n = atoi(argv[1]);
    m = atoi(argv[2]);
  }
  if (n <= 0 || m <= 0)
    return 1;
  double *a = malloc(n * m * sizeof(double));
  fill(a, n, m);
  free(a);
  return 0;
}

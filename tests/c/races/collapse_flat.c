// expect: race-free
// OpenMP 5.2 §4.4.3: `collapse(2)` shares out the pairs (i, j) of the two loops; the pair writes
// element i * m + j of a flattened n-by-m array, which no other pair writes (0 <= j < m).
#include <stdlib.h>
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
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = i + j;
  free(a);
  return 0;
}

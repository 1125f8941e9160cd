// expect: race 18:7 18:7
// Mutant of collapse_flat.c with the inner bound one too far (`j <= m`): pair (i, m) writes
// element (i + 1) * m, which pair (i + 1, 0) writes too (OpenMP 5.2 §4.4.3: both may run at once).
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
    for (int j = 0; j <= m; j++)
      a[i * m + j] = i + j;
  free(a);
  return 0;
}

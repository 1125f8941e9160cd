// expect: race 14:5 14:5
// Mutant of size_t_bound_from_int.c: iteration `i` writes element `i / 2`, which iterations
// `2k` and `2k + 1` share and may run at the same time on different threads (OpenMP 5.2 §11.5).
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  size_t m = n;
  double *v = malloc(m * sizeof(double));
#pragma omp parallel for
  for (size_t i = 0; i < m; i++)
    v[i / 2] = i;
  if (m > 0)
    printf("%f\n", v[m - 1]);
  free(v);
  return 0;
}

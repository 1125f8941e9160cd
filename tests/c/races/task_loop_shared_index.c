// expect: race 19:9 17:24
// OpenMP 5.2 §5.1.1: `i` is declared outside the parallel region, so it is shared there, and a
// task that names no data-sharing attribute for it shares it too. The generating thread goes on
// incrementing `i` while earlier tasks read it: a race (the classic missing `firstprivate(i)`).
#include <stdlib.h>

int main(int argc, char **argv)
{
  int n = 1000;
  int i;
  int *a = malloc(sizeof(int) * n);
  if (a == NULL)
    return 1;
#pragma omp parallel
#pragma omp single
  {
    for (i = 0; i < n; i++) {
#pragma omp task
      a[i] = 2 * i;
    }
  }
  free(a);
  return 0;
}

// expect: race-free
// OpenMP 5.2 §11.5.3: two worksharing loops with `schedule(static)`, the same chunk size and
// the same number of logical iterations give the same logical iteration of both to the same
// thread; with `collapse(2)` a logical iteration is a pair (i, j). The second loop reads only
// what the same logical iteration of the first wrote, so `nowait` on the first is safe.
#include <stdio.h>
int a[3][5], b[3][5];
int main(void)
{
#pragma omp parallel
  {
#pragma omp for collapse(2) schedule(static) nowait
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 5; j++)
        a[i][j] = i + j;
#pragma omp for collapse(2) schedule(static) nowait
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 5; j++)
        b[i][j] = a[i][j];
  }
  printf("%d\n", b[2][2]);
  return 0;
}

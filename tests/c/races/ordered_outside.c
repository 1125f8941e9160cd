// expect: race 15:5 15:5
// Mutant of ordered.c with a second update outside the `ordered` block: only the code of the
// `ordered` region is ordered (OpenMP 5.2 §15.10.2); the updates of `z` after it may overlap
// with those of later iterations.
#include <stdio.h>
int main(void)
{
  int x = 0, z = 0;
#pragma omp parallel for ordered
  for (int i = 0; i < 100; i++) {
#pragma omp ordered
    {
      x = x + i;
    }
    z = z + i;
  }
  printf("%d %d\n", x, z);
  return 0;
}

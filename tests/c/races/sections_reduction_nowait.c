// expect: race 13:22 21:9
// Mutant of sections_reduction.c with `nowait`: OpenMP 5.2 §5.5.8 combines the copies into the
// original at the end of the construct, and without its barrier the `single` may read `x` while
// a thread combines its copy. (ompv used to verify this program: the combination of a
// `sections` construct's copies was not modelled.)
#include <stdio.h>

int main(void)
{
  int x = 0, y = 0;
#pragma omp parallel
  {
#pragma omp sections reduction(+ : x) nowait
    {
#pragma omp section
      x += 1;
#pragma omp section
      x += 2;
    }
#pragma omp single
    y = x;
  }
  printf("%d %d\n", x, y);
  return 0;
}

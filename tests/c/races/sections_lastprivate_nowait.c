// expect: race 11:22 19:9
// Mutant of sections_lastprivate.c with `nowait`: OpenMP 5.2 §5.4.5 assigns the original at the
// end of the construct, and without its barrier the `single` may read `x` at the same time.
#include <stdio.h>

int main(void)
{
  int x = 0, y = 0;
#pragma omp parallel
  {
#pragma omp sections lastprivate(x) nowait
    {
#pragma omp section
      x = 1;
#pragma omp section
      x = 2;
    }
#pragma omp single
    y = x;
  }
  printf("%d %d\n", x, y);
  return 0;
}
// archer: no report — clang 14 puts a barrier before the `lastprivate` update despite `nowait`

// expect: race 15:17 18:20
// OpenMP 5.2 §5.5.8: at the end of the loop each thread's copy of a `reduction` variable is
// combined into the original, even if no iteration uses it (the copy keeps the identity). With
// `nowait`, the other threads read `x` while one may be combining its copy into it. (ompv used to
// verify this program.)
#include <stdio.h>

int a[100];

int main(void)
{
  int x = 0;
#pragma omp parallel
  {
#pragma omp for reduction(+ : x) nowait
    for (int i = 0; i < 100; i++)
      a[i] = i;
    printf("%d\n", x);
  }
  return 0;
}

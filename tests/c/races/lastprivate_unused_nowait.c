// expect: race 16:17 19:20
// OpenMP 5.2 §5.4.5: at the end of the loop the original of a `lastprivate` variable is assigned
// the value of the copy of the sequentially last iteration, even if no iteration uses it (the
// copy is then indeterminate). With `nowait`, the other threads read `x` while the thread of the
// last iteration may be assigning it. (ompv used to verify this program: the loop does not
// mention `x`, and the assignment of the original was left out.)
#include <stdio.h>

int a[100];

int main(void)
{
  int x = 0;
#pragma omp parallel
  {
#pragma omp for lastprivate(x) nowait
    for (int i = 0; i < 100; i++)
      a[i] = i;
    printf("%d\n", x);
  }
  return 0;
}
// archer: no report — clang 14 puts a barrier before the `lastprivate` update despite `nowait`

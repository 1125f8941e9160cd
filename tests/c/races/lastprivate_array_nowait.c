// expect: race 13:17 19:20
// Mutant of lastprivate_array.c with `nowait`: OpenMP 5.2 §5.4.5 updates the original at the
// end of the loop, with no barrier after it here: one thread may read `t[1]` while the thread of
// the last iteration writes it.
#include <stdio.h>

int t[3];

int main(void)
{
#pragma omp parallel
  {
#pragma omp for lastprivate(t) nowait
    for (int i = 0; i < 100; i++) {
      t[0] = i;
      t[1] = 2 * i;
      t[2] = 3 * i;
    }
    printf("%d\n", t[1]);
  }
  return 0;
}
// archer: no report — clang 14 puts a barrier before the `lastprivate` update despite `nowait`

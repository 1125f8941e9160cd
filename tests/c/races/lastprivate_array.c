// expect: race-free
// OpenMP 5.2 §5.4.5: each iteration writes a private copy of the array `t`; the thread that runs
// the last iteration copies it into the original when the loop ends, before the implied barrier,
// so the reads after the loop see no other write.
#include <stdio.h>

int t[3];

int main(void)
{
#pragma omp parallel
  {
#pragma omp for lastprivate(t)
    for (int i = 0; i < 100; i++) {
      t[0] = i;
      t[1] = 2 * i;
      t[2] = 3 * i;
    }
    printf("%d\n", t[1]);
  }
  return 0;
}

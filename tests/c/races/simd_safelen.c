// expect: race-free
// OpenMP 5.2 §10.4.1: a `simd` loop's lanes may run iterations at the same time, here at most
// 2 apart (`safelen(2)`); the two iterations write b[2] and b[3] and read b[0] and b[1].
#include <stdio.h>
int main(void)
{
  int b[4] = {0};
#pragma omp simd safelen(2)
  for (int i = 2; i < 4; i++)
    b[i] = b[i - 2] - 1;
  printf("%d\n", b[3]);
  return 0;
}

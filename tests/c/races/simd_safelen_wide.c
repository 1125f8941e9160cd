// expect: race 10:12 10:5
// With `safelen(5)`, iterations i and i - 4 may run at the same time (OpenMP 5.2 §10.4.1), one
// writing what the other reads.
#include <stdio.h>
int main(void)
{
  int b[16] = {0};
#pragma omp simd safelen(5)
  for (int i = 4; i < 12; i++)
    b[i] = b[i - 4] - 1;
  printf("%d\n", b[11]);
  return 0;
}
// archer: no report — the race is between SIMD lanes of one thread, which it cannot see

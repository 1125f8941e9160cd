// expect: unknown
// simd_safelen_wide.c with `safelen(4)`: race-free by OpenMP 5.2 §10.4.1 (iterations 4 apart
// never run at the same time), but iteration i reads what iteration i - 4 of the same loop
// wrote. ompv checks only the pairs less than 4 apart for races, and still asks for the
// permissions of all iterations at once, which do not fit together: unknown.
#include <stdio.h>
int main(void)
{
  int b[16] = {0};
#pragma omp simd safelen(4)
  for (int i = 4; i < 12; i++)
    b[i] = b[i - 4] - 1;
  printf("%d\n", b[11]);
  return 0;
}

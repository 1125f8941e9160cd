// expect: race 14:5 14:12
// `simdlen(4)` does not keep iterations 5 apart out of one SIMD chunk: it is only the preferred
// number of iterations run at the same time (OpenMP 5.2 §10.4.3); without `safelen`, iterations
// i - 5 and i may run in two lanes at once, one writing what the other reads in the same
// statement (not a lexically forward dependence, §10.4).
#include <stdio.h>
int main(void)
{
  int a[20], b[20];
  for (int i = 0; i < 20; i++)
    a[i] = i;
#pragma omp simd simdlen(4)
  for (int i = 5; i < 20; i++) {
    a[i] = a[i - 5] + 1;
    b[i] = a[i];
  }
  printf("%d\n", b[19]);
  return 0;
}
// archer: no report — the race is between SIMD lanes of one thread, which it cannot see

// expect: race 15:12 16:5
// The mutant of simd_forward.c with its statements swapped: iteration i reads a[i - 1] in the
// first statement, iteration i - 1 writes it in the second. A lexically backward dependence is
// not preserved within a SIMD chunk (OpenMP 5.2 §10.4), and any two iterations may share one.
#include <stdio.h>
int main(void)
{
  int a[101], b[101];
  for (int i = 0; i <= 100; i++) {
    a[i] = i;
    b[i] = 0;
  }
#pragma omp simd
  for (int i = 1; i < 100; i++) {
    b[i] = a[i - 1];
    a[i] = a[i] + 1;
  }
  printf("%d\n", b[50]);
  return 0;
}
// archer: no report — the race is between SIMD lanes of one thread, which it cannot see

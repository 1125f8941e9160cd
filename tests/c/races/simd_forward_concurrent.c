// expect: race 15:5 16:12
// The mutant of simd_forward.c with `order(concurrent)`: then not even lexically forward
// dependences are preserved within a SIMD chunk (OpenMP 5.2 §10.4, §10.3), so iteration i - 1's
// write of a[i - 1] and iteration i's read of it may run at the same time.
#include <stdio.h>
int main(void)
{
  int a[101], b[101];
  for (int i = 0; i <= 100; i++) {
    a[i] = i;
    b[i] = 0;
  }
#pragma omp simd order(concurrent)
  for (int i = 1; i < 100; i++) {
    a[i] = a[i] + 1;
    b[i] = a[i - 1];
  }
  printf("%d\n", b[50]);
  return 0;
}
// archer: no report — the race is between SIMD lanes of one thread, which it cannot see

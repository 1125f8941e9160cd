// expect: race-free
// `simdlen(4)` over 10 iterations: the last SIMD chunk is a remainder of 2 (OpenMP 5.2 §10.4:
// the number of iterations run at the same time is implementation defined; `simdlen` is only
// preferred). ompv does not depend on the chunks: any two iterations may share one, and only
// lexically forward dependences are kept within it.
#include <stdio.h>
int main(void)
{
  int a[11], b[11];
  for (int i = 0; i <= 10; i++) {
    a[i] = i;
    b[i] = 0;
  }
#pragma omp simd simdlen(4)
  for (int i = 1; i < 11; i++) {
    a[i] = 2 * a[i];
    b[i] = a[i - 1] + a[i];
  }
  printf("%d\n", b[10]);
  return 0;
}

// expect: race-free
// OpenMP 5.2 §10.4: "Lexical forward dependences in the iterations of the original loop must be
// preserved within each SIMD chunk". Iteration i - 1 writes a[i - 1] in the first statement and
// iteration i reads it in the second: a forward dependence, so the two accesses are ordered.
// Checked like a parallel loop, this program would be a race; it is not one.
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
    a[i] = a[i] + 1;
    b[i] = a[i - 1];
  }
  printf("%d\n", b[50]);
  return 0;
}

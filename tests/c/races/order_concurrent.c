// expect: race-free
// `order(concurrent)` (OpenMP 5.2 §10.3): the iterations may run in any order, at the same time,
// even on one thread; only `parallel`, `simd`, `loop` and `atomic` may be nested. Independent
// iterations and an `atomic` update are race-free under it.
#include <stdio.h>
int main(void)
{
  int a[100], b[100], sum = 0;
  for (int i = 0; i < 100; i++)
    b[i] = i;
#pragma omp parallel for order(concurrent)
  for (int i = 0; i < 100; i++) {
    a[i] = b[i] * 2;
#pragma omp atomic
    sum += a[i];
  }
#pragma omp simd order(reproducible: concurrent)
  for (int i = 1; i < 100; i++)
    b[i] = a[i] + a[i - 1];
  printf("%d %d\n", sum, b[50]);
  return 0;
}
// archer: cannot run — clang 14 does not know `order(reproducible: …)` (OpenMP 5.1)

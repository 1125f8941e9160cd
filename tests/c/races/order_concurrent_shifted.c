// expect: race 13:5 13:12
// The mutant of order_concurrent.c with a shifted read: iteration i reads a[i - 1], which
// iteration i - 1 writes; under `order(concurrent)` (OpenMP 5.2 §10.3) the two may run at the
// same time.
#include <stdio.h>
int main(void)
{
  int a[100], sum = 0;
  for (int i = 0; i < 100; i++)
    a[i] = i;
#pragma omp parallel for order(concurrent)
  for (int i = 1; i < 100; i++) {
    a[i] = a[i - 1] * 2;
#pragma omp atomic
    sum += a[i];
  }
  printf("%d %d\n", sum, a[50]);
  return 0;
}

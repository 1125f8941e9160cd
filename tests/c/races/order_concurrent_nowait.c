// expect: unknown
// Two `for nowait` loops with the same static schedule over the same range: without `order`,
// OpenMP 5.2 §11.5.3 gives iteration i of both to the same thread, which runs them in order
// (race-free, see fused_then_nowait.c). With `order(concurrent)` (§10.3) one thread's iterations
// may run at the same time; ompv does not pair the loops' iterations then, and answers unknown
// rather than report a race it is not sure of.
#include <stdio.h>
int main(void)
{
  int a[100], b[100];
#pragma omp parallel
  {
#pragma omp for schedule(static) nowait order(concurrent)
    for (int i = 0; i < 100; i++)
      a[i] = i;
#pragma omp for schedule(static) order(concurrent)
    for (int i = 0; i < 100; i++)
      b[i] = a[i] + 1;
  }
  printf("%d\n", b[50]);
  return 0;
}

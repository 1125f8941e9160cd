// expect: race 19:7 19:14
// OpenMP 5.2 §11.5: the loop's bound is evaluated when the threads meet the loop, after the
// `single` (and its barrier) in which `grow` doubles the global `len`: 10 iterations, and
// iteration 0 reads a[5] while iteration 5 writes it. A bound that reads a global a called
// function may assign is not taken from the region's entry (ompv used to answer `verified`);
// running the program finds the race.
#include <stdio.h>
int a[100];
int len = 5;
void grow(void) { len = 2 * len; }
int main(void)
{
#pragma omp parallel
  {
#pragma omp single
    grow();
#pragma omp for
    for (int i = 0; i < len; i++)
      a[i] = a[i + 5];
  }
  printf("%d\n", a[3]);
  return 0;
}

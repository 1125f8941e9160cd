// expect: race 17:7 17:14
// OpenMP 5.2 §5.4.4: each thread's `firstprivate` copy of `n` starts with the original's value;
// here every thread doubles its copy before the loop, so the loop runs 10 iterations, not 5,
// and iteration 0 reads a[5] while iteration 5 writes it. The proof reads loop bounds once, at
// the region's entry; a bound that reads a variable the region may change is not proved
// (ompv used to take n = 5 and answer `verified`); running the program finds the race.
#include <stdio.h>
int a[100];
int main(void)
{
  int n = 5;
#pragma omp parallel firstprivate(n)
  {
    n = 2 * n;
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = a[i + 5];
  }
  printf("%d\n", a[3]);
  return 0;
}

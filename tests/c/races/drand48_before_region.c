// expect: race-free
// Twin of drand48_shared_sequence.c: the numbers are drawn before the region, on the initial
// thread (OpenMP 5.2 §12.1), and `lrand48` after it; the iterations only scale their own
// elements (§11.5.2).
// run: inconclusive (the run does not model `srand48` and `drand48`)
#include <stdio.h>
#include <stdlib.h>
double a[100];
int main(void)
{
  srand48(7);
  for (int i = 0; i < 100; i++)
    a[i] = drand48();
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    a[i] = 2 * a[i];
  printf("%f %ld\n", a[0], lrand48());
  return 0;
}

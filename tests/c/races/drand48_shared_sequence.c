// expect: race 13:33 13:33
// POSIX.1-2017 §2.9.1: `drand48` need not be thread-safe: the iterations of the loop
// (OpenMP 5.2 §11.5.2) call it on different threads at the same time, which may race on the
// sequence's hidden state (`srand48` seeds it before the region, on the initial thread).
// run: inconclusive (the run does not model `srand48` and `drand48`)
#include <stdio.h>
#include <stdlib.h>
double a[100];
int main(void)
{
  srand48(7);
#pragma omp parallel for
  for (int i = 0; i < 100; i++) a[i] = drand48();
  printf("%f\n", a[0]);
  return 0;
}
// archer: no report — ThreadSanitizer does not see glibc's `drand48` update its state

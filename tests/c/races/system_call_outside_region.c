// expect: race-free
// `gettimeofday` is declared by the system's <sys/time.h>, for which ompv has no entry: it is
// bounded as a function without a body (c::opaque), writing all of the `struct timeval` it is
// given, but not the user's globals (a library routine reaches the caller's objects only through
// its arguments, C11 7.1.4p5; POSIX.1-2017 §2.9.1). Both calls run on the initial thread, before
// and after the region (OpenMP 5.2 §12.1, the implicit barrier at its end), so they cannot race;
// the iterations write disjoint elements (§11.5.2).
// run: inconclusive (the run cannot execute a routine outside its model)
#include <stdio.h>
#include <sys/time.h>
#define N 64
int total = 7;
double now(void)
{
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return tv.tv_sec + tv.tv_usec * 1e-6;
}
int main(void)
{
  double a[N];
  double t = now();
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    a[i] = i * total;
  printf("%f %f\n", a[3], now() - t);
  return 0;
}

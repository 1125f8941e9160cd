// expect: race-free
// Routines declared in a header of the program's own and defined in another file (as a suite's
// timer and set-up library): ompv takes each call to write all its pointer argument's array and
// every global (c::opaque), all before the region, so nothing it does can race (a region's
// threads start at its construct, OpenMP 5.2 §12.1). The loop's iterations write disjoint
// elements of `b` and read `a` (§11.5.2).
// run: inconclusive (the run cannot execute a function without a body)
// archer: cannot run — the called functions are defined in no file of the test (with definitions
// that write what c::opaque bounds, clang 14 and Archer build it and report no race)
#include <stdio.h>
#include "opaque_header.h"
#define N 1000
double a[N], b[N];
int main(void)
{
  init_data(a, N);
  timer_start(0);
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    b[i] = 2 * a[i];
  printf("%f %f\n", b[0], timer_read(0));
  return 0;
}

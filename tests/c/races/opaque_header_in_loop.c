// expect: unknown
// Mutant of opaque_header.c: every iteration calls a routine of the header, which may write every
// global (c::opaque), so two iterations may write the same global at once (OpenMP 5.2 §11.5.2;
// §1.3: unordered writes race), or the routine may only read its clock: ompv cannot tell, and
// the answer is `unknown`, never `verified`.
// run: inconclusive (the run cannot execute a function without a body)
#include <stdio.h>
#include "opaque_header.h"
#define N 1000
double a[N], b[N];
int main(void)
{
  init_data(a, N);
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    b[i] = 2 * a[i];
    timer_start(i);
  }
  printf("%f\n", b[0]);
  return 0;
}

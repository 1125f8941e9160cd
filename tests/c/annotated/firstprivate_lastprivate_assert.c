// expect: unknown
// OpenMP 5.2 §5.4.5: with `firstprivate(t) lastprivate(t)` the original gets the last iteration's
// value (63), so this assertion is false. It must never verify (an earlier ompv proved it:
// it ignored `lastprivate` when the variable was also `firstprivate`).
#include <assert.h>
int main(void)
{
  int t = 3;
  int a[64];
#pragma omp parallel
  {
#pragma omp for firstprivate(t) lastprivate(t)
    for (int i = 0; i < 64; i++) {
      a[i] = t;
      t = i;
    }
  }
  assert(t == 3);
  return a[0];
}

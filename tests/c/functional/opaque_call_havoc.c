// expect: unknown
// A function of another file without a contract may write every element of the array it is
// given (C11 6.5.6p8: anywhere in the array object) and every global: after the call ompv knows
// nothing of `a[0]` or `g`, so neither assertion is proved. They may still hold: `unknown`,
// never `failed` (and never `verified`, which it once was: the call was taken to write nothing).
// The parallel loop shows the call is outside every region (OpenMP 5.2 §12.1).
// archer: cannot run — `touch` is defined in no file of the test (built with one that writes
// `a[0]`, the run reports no race and stops at the first assertion, which fails)
#include <assert.h>
void touch(int *a);
int g;
int main(void)
{
  int a[4];
  a[0] = 1;
  g = 2;
  touch(a);
  assert(a[0] == 1);
  assert(g == 2);
#pragma omp parallel for
  for (int i = 0; i < 4; i++)
    a[i] = i;
  return 0;
}

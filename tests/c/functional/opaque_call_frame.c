// expect: verified
// Twin of opaque_call_havoc.c: what the function without body or contract cannot reach keeps its
// value: a local whose address is never taken, and a `const` global (writing it is undefined,
// C11 6.7.3p6). Its result is any `int`, so only its range is known. The loop's iterations write
// disjoint elements (OpenMP 5.2 §11.5.2).
// archer: cannot run — the called functions are defined in no file of the test (with definitions
// that write what c::opaque bounds, clang 14 and Archer build it and report no race)
#include <assert.h>
int touch(int *a);
const int c = 3;
int main(void)
{
  int a[4];
  int x = 1;
  int r = touch(a);
  assert(x == 1);
  assert(c == 3);
#pragma omp parallel for
  for (int i = 0; i < 4; i++)
    a[i] = i + r;
  return 0;
}

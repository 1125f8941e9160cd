// expect: race 11:38 11:38
// run: --schedule blocks
// The argument `i` is converted to `unsigned char` (C11 6.3.1.3: modulo 256), so iterations
// `i` and `i + 256` write the same element
// (OpenMP 5.2 §11.5: iterations of a worksharing loop may run at the same time; §1.3: two
// unordered writes of one location race). The call's footprint does not put `i` in for `k`
// (the conversion may change it): the proof is not exact, the run finds the race once a
// thread's block separates the two iterations.
#include <stdio.h>
int a[300];
void mark(int *p, unsigned char k) { p[k] = 1; }
int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < 300; i++)
    mark(a, i);
  printf("%d\n", a[0]);
  return 0;
}

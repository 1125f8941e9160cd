// expect: race-free
// OpenMP 5.2 §5.4.3: on a `simd` construct each SIMD lane has its own copy of a private,
// `lastprivate` or `reduction` variable, so the lanes never share `t`, `x` or `y`. The variables
// are declared in the region, so each thread's `simd` loop updates its own originals
// (§5.4.5, §5.5.8). (The run used to report races between the lanes on the copies.)
#include <stdio.h>

int a[100];

int main(void)
{
#pragma omp parallel
  {
    int t, x = 0, y = 0;
#pragma omp simd private(t) reduction(+ : x) lastprivate(y)
    for (int i = 0; i < 100; i++) {
      t = 2 * i;
      x += t;
      y = i;
    }
    printf("%d %d\n", x, y);
  }
  return 0;
}

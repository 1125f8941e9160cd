// expect: race 13:18 13:18
// OpenMP 5.2 §10.4: `simd` is not a worksharing construct, so every thread of the team runs the
// whole loop with its own `reduction` copies (§5.5.8), and at the end combines them into the
// original it sees — here the shared `x`, updated by every thread with nothing ordering the
// updates. (ompv used to verify this program: it combined once for the whole team.)
#include <stdio.h>

int main(void)
{
  int x = 0;
#pragma omp parallel
  {
#pragma omp simd reduction(+ : x)
    for (int i = 0; i < 100; i++)
      x += i;
  }
  printf("%d\n", x);
  return 0;
}

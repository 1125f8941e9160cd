// expect: race-free
// OpenMP 5.2 §15.10.2: the `ordered` regions of the loop's iterations run one at a time (in
// iteration order), so the updates of `x` never overlap.
#include <stdio.h>
int main(void)
{
  int x = 0;
#pragma omp parallel for ordered
  for (int i = 0; i < 100; i++) {
    int y = i * 2;
#pragma omp ordered
    {
      x = x + y;
    }
  }
  printf("%d\n", x);
  return 0;
}

// expect: race-free
// OpenMP 5.2 §5.4.6: with `linear(j: 2)` every iteration has its own `j`, starting at the value
// before the loop plus twice the iteration's number: iteration i writes c[5 + 2 i].
#include <stdio.h>
int c[200];
int main(void)
{
  int j = 5;
#pragma omp parallel for linear(j: 2)
  for (int i = 0; i < 50; i++)
    c[j] = i;
  printf("%d\n", c[7]);
  return 0;
}

// expect: race-free
// OpenMP 5.2 §5.4.6: each iteration's `j` starts at `j + i` and is incremented after its use, so
// iteration i writes c[i] only (DataRaceBench's DRB112 pattern).
#include <stdio.h>
int main(void)
{
  int c[100];
  int j = 0;
#pragma omp parallel for linear(j)
  for (int i = 0; i < 100; i++) {
    c[j] = i;
    j++;
  }
  printf("%d\n", c[50]);
  return 0;
}

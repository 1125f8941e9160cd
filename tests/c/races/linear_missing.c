// expect: race 11:5 11:5
// Mutant of linear.c without `linear`: `j` is shared (OpenMP 5.2 §5.1.1) and never changes, so
// every iteration writes c[5].
#include <stdio.h>
int c[200];
int main(void)
{
  int j = 5;
#pragma omp parallel for
  for (int i = 0; i < 50; i++)
    c[j] = i;
  printf("%d\n", c[7]);
  return 0;
}

// expect: race 12:5 12:5
// Mutant of linear_increment.c without `linear`: `j` is shared (OpenMP 5.2 §5.1.1) and every
// iteration increments it.
#include <stdio.h>
int main(void)
{
  int c[100];
  int j = 0;
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
    c[j] = i;
    j++;
  }
  printf("%d\n", c[50]);
  return 0;
}

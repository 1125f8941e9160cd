// expect: race 14:7 16:19
// Mutant of taskloop.c with `nogroup`: nothing waits for the loop's tasks (OpenMP 5.2 §12.6),
// so the generating code reads elements they may still be writing.
#include <stdio.h>
int a[100];
int main(void)
{
  int sum = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop nogroup
    for (int i = 0; i < 100; i++)
      a[i] = i;
    for (int i = 0; i < 100; i++)
      sum = sum + a[i];
  }
  printf("%d\n", sum);
  return 0;
}

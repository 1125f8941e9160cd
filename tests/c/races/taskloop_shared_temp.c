// expect: race 15:7 15:7
// Mutant of taskloop.c with a temporary declared outside the region: it is shared in the
// enclosing context, so the taskloop's tasks share it (OpenMP 5.2 §5.1.1) and race on it.
#include <stdio.h>
int a[100];
int main(void)
{
  int t;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop
    for (int i = 0; i < 100; i++)
    {
      t = i * 2;
      a[i] = t;
    }
  }
  printf("%d\n", a[5]);
  return 0;
}

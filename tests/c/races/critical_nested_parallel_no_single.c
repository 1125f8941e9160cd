// expect: race 16:11 16:11
// The mutant of critical_nested_parallel.c without the `single`: every thread of the nested team
// updates `i` (OpenMP 5.2 §10.1); the `critical` around the nested region does not order them.
#include <stdio.h>
int main(void)
{
  int i = 1, j = 0;
#pragma omp parallel sections
  {
#pragma omp section
    {
#pragma omp critical(name)
      {
#pragma omp parallel
        {
          i++;
        }
      }
    }
#pragma omp section
    j++;
  }
  printf("%d %d\n", i, j);
  return 0;
}

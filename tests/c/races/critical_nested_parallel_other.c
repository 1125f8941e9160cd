// expect: race 18:13 24:5
// The mutant of critical_nested_parallel.c whose other section updates `i` without the lock
// (OpenMP 5.2 §15.2 only excludes code under the same critical name).
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
#pragma omp single
          {
            i++;
          }
        }
      }
    }
#pragma omp section
    i++;
  }
  printf("%d %d\n", i, j);
  return 0;
}

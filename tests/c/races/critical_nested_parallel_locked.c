// expect: unknown
// Both sections update `i` under `critical(name)`: OpenMP 5.2 §15.2 makes them exclude each
// other, and the program is race-free; ompv does not model a `critical` around a nested parallel
// region and cannot tell (a documented limit: `unknown`, never a wrong answer).
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
    {
#pragma omp critical(name)
      i++;
    }
  }
  printf("%d %d\n", i, j);
  return 0;
}

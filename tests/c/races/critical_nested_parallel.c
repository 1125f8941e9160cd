// expect: race-free
// A `parallel` region nested in a `critical` one in a `section` (OpenMP 5.2 §15.2 allows it; the
// lock is held while the nested team runs). Inside, only the `single`'s thread updates `i`
// (§11.1), and the other section only touches `j`.
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
    j++;
  }
  printf("%d %d\n", i, j);
  return 0;
}

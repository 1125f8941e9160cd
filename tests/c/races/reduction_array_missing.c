// expect: race 13:5 13:5
// Mutant of reduction_array.c without the clause: `hist` is shared (OpenMP 5.2 §5.1.1), and
// iterations i and i + 10 update `hist[i % 10]` at the same time.
#include <stdio.h>

int main(void)
{
  int hist[10];
  for (int i = 0; i < 10; i++)
    hist[i] = 0;
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    hist[i % 10] += 1;
  printf("%d\n", hist[0]);
  return 0;
}

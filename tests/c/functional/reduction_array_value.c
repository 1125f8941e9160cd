// expect: unknown
// OpenMP 5.2 §5.5.8: after a reduction over a whole array, its elements are the originals
// combined with every thread's copy. ompv does not compute that value for arrays; it must not
// keep the value from before the loop either: this assertion (false when run) may not be proved.
#include <stdio.h>

int main(void)
{
  int hist[10];
  for (int i = 0; i < 10; i++)
    hist[i] = 1;
  hist[0] = 0;
  //@ assert hist[0] == 0;
#pragma omp parallel for reduction(+ : hist)
  for (int i = 0; i < 100; i++)
    hist[i % 10] += 1;
  printf("%d\n", hist[0]);
  //@ assert hist[0] == 0;
  return 0;
}

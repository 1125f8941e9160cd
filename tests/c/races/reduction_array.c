// expect: race-free
// OpenMP 5.2 §5.5.8: a whole array in `reduction` gets a private copy per thread (every element
// initialised with the identity, §5.5.5); the iterations of a thread update its copy, and the
// copies are combined into the original at the end of the loop. The histogram's `hist[i % 10]`
// is written by ten iterations, but never the same copy by two threads.
#include <stdio.h>

int main(void)
{
  int hist[10];
  for (int i = 0; i < 10; i++)
    hist[i] = 0;
#pragma omp parallel for reduction(+ : hist)
  for (int i = 0; i < 100; i++)
    hist[i % 10] += 1;
  printf("%d\n", hist[0]);
  return 0;
}

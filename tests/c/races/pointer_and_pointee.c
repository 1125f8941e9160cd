// expect: unknown
// Every thread increments `*counter` (OpenMP 5.2 §10.1: each thread runs the region's code): a
// race. ompv reads both the global pointer `counter` and the object it points to, which its
// footprints do not yet tell apart, so it over-approximates and answers unknown (before, this
// program crashed the inference).
#include <stdlib.h>
int *counter;
int main(void)
{
  counter = (int *)malloc(sizeof(int));
  if (counter == NULL)
    return 1;
  *counter = 0;
#pragma omp parallel
  {
    (*counter)++;
  }
  free(counter);
  return 0;
}

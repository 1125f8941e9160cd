// expect: race 16:5 16:5
// Every thread increments `*counter` (OpenMP 5.2 §10.1: each thread runs the region's code): a
// race. The proof over-approximates (its footprints do not yet tell the global pointer `counter`
// from the object it points to; before, this program crashed the inference), so the race is
// confirmed by running the program.
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

// expect: race 7:19 7:32
// Mutant of call_global_pointer.c: the helper reads the next element, which the next iteration
// writes (OpenMP 5.2 §11.5; §1.3: a write and an unordered read of one location race).
#include <stdio.h>
#include <stdlib.h>
double *g;
void put(int i) { g[i] = 2.0 * g[i + 1]; }
int main(void)
{
  g = calloc(101, sizeof(double));
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    put(i);
  printf("%f\n", g[7]);
  free(g);
  return 0;
}

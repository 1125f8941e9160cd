// expect: race-free
// A helper indexes a global pointer that nothing in the region changes: the call's footprint
// names `g`, and each iteration writes its own element
// (OpenMP 5.2 §11.5: the iterations of a worksharing loop may run at the same time).
#include <stdio.h>
#include <stdlib.h>
double *g;
void put(int i) { g[i] = 2.0 * i; }
int main(void)
{
  g = malloc(100 * sizeof(double));
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    put(i);
  printf("%f\n", g[7]);
  free(g);
  return 0;
}

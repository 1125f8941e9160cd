// expect: race-free
// Each iteration passes its own row of a 2-D array to a function that clears it, and a
// pointer offset (`b + i`) to one that sets one element (OpenMP 5.2 §11.5).
#include <stdio.h>
#define N 16
#define M 8
double a[N][M], b[N];
void clear(double *row, int m)
{
  for (int j = 0; j < m; j++)
    row[j] = 0.0;
}
void put(double *p, double v) { *p = v; }
int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    clear(a[i], M);
    put(b + i, 1.0 * i);
  }
  printf("%f %f\n", a[1][1], b[2]);
  return 0;
}

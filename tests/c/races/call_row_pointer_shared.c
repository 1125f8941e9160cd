// expect: race 11:5 11:5
// Mutant of call_row_pointer.c: iterations 2k and 2k+1 pass the same row `a[i / 2]`, and
// both clear it (OpenMP 5.2 §11.5; §1.3: two unordered writes of one location are a race).
#include <stdio.h>
#define N 16
#define M 8
double a[N][M];
void clear(double *row, int m)
{
  for (int j = 0; j < m; j++)
    row[j] = 0.0;
}
int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    clear(a[i / 2], M);
  printf("%f\n", a[1][1]);
  return 0;
}
// archer: no report — the static schedule gives iterations 2k and 2k+1 to one thread

// expect: race-free
// Every iteration calls a function that only reads the whole array `a` and writes its own
// `b[i]` (OpenMP 5.2 §11.5): reads of one location by several iterations are no race (§1.3).
#include <stdio.h>
#define N 64
int sum(const int *p, int n)
{
  int s = 0;
  for (int k = 0; k < n; k++)
    s += p[k];
  return s;
}
int main(void)
{
  int a[N], b[N];
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    b[i] = sum(a, N) + i;
  printf("%d\n", b[3]);
  return 0;
}

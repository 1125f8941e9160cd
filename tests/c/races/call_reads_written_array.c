// expect: race 20:5 10:10
// Mutant of call_reads_array.c: the loop writes `a[i]` while the other iterations' calls read
// all of `a` (OpenMP 5.2 §11.5; §1.3: a write and an unordered read are a data race).
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
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    a[i] = sum(a, N);
  printf("%d\n", a[3]);
  return 0;
}

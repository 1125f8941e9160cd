// expect: race 8:26 8:26
// Mutant of call_reads_global.c: the function also counts its calls in a global, which every
// iteration then writes (OpenMP 5.2 §11.5; §1.3: unordered writes of one location race).
#include <stdio.h>
#define N 32
double coef = 2.0;
int calls;
double scale(double x) { calls++; return x * coef; }
int main(void)
{
  double out[N];
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    out[i] = scale(1.5);
  printf("%f %d\n", out[4], calls);
  return 0;
}

// expect: race-free
// A function reading a global scalar and a global array, called from every iteration
// (OpenMP 5.2 §11.5; §1.3: reads never race with reads).
#include <stdio.h>
#define N 32
double coef = 2.0;
double w[N];
double scale(double x, int i) { return x * coef + w[i]; }
int main(void)
{
  double out[N];
  for (int i = 0; i < N; i++)
    w[i] = i;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    out[i] = scale(1.5, i);
  printf("%f\n", out[4]);
  return 0;
}

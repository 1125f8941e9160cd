// expect: race-free
// OpenMP 5.2 §5.5.8 with an array section (§3.2.5) that covers every element of a 2-D array:
// `m[0:4][:]` is the same list item as `m`. Each thread keeps its own maxima; the combined
// original is read only after the loop's implied barrier.
#include <stdio.h>

double m[4][8];

int main(void)
{
#pragma omp parallel
  {
#pragma omp for reduction(max : m[0:4][:])
    for (int i = 0; i < 100; i++)
      m[i % 4][i % 8] = m[i % 4][i % 8] > i ? m[i % 4][i % 8] : i;
#pragma omp single
    m[0][0] = 1.0;
  }
  printf("%f\n", m[0][0]);
  return 0;
}
// archer: false report — clang 14 updates `m` itself for the 2-D section (`reduction(max: m)` is fine)

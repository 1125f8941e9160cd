// expect: race 13:17 17:5
// Mutant of reduction_array_section.c with `nowait`: OpenMP 5.2 §5.5.8 combines the copies into
// the original before the end of the construct only where a barrier follows; without it the
// `single` may write `m[0][0]` while another thread combines its copy into it.
#include <stdio.h>

double m[4][8];

int main(void)
{
#pragma omp parallel
  {
#pragma omp for reduction(max : m) nowait
    for (int i = 0; i < 100; i++)
      m[i % 4][i % 8] = m[i % 4][i % 8] > i ? m[i % 4][i % 8] : i;
#pragma omp single
    m[0][0] = 1.0;
  }
  printf("%f\n", m[0][0]);
  return 0;
}

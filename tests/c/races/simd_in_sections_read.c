// expect: race 16:9 21:16
// Mutant of simd_in_sections.c: the second section reads b, which the first section's `simd`
// loop writes; the sections of one `sections` construct are not ordered (OpenMP 5.2 §11.3):
// a data race.
#include <stdio.h>

double b[100], c[100];

int main(void) {
#pragma omp parallel sections
  {
#pragma omp section
    {
#pragma omp simd
      for (int j = 0; j < 100; j++)
        b[j] = j;
    }
#pragma omp section
    {
      for (int j = 0; j < 100; j++)
        c[j] = b[j];
    }
  }
  printf("%f\n", b[1] + c[1]);
  return 0;
}

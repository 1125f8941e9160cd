// expect: race-free
// A `simd` loop in a section of `parallel sections`: one thread runs each section
// (OpenMP 5.2 §11.3) and with it the section's whole `simd` loop, whose lanes write different
// elements (§10.4); the other section writes another array.
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
        c[j] = j;
    }
  }
  printf("%f\n", b[1] + c[1]);
  return 0;
}

// expect: race 16:7 15:17
// Mutant of simd_in_iteration_forward.c with the statements' roles exchanged: lane j writes
// b[i][j + 1] in its second statement, and lane j + 1 reads it in its first. That dependence
// goes backward in the text, which OpenMP 5.2 §10.4 does not preserve within a SIMD chunk: the
// lanes may run the first statement before either runs the second, a data race.
#include <stdio.h>

double a[100][100], b[100][100];

int main(void) {
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
#pragma omp simd
    for (int j = 0; j < 99; j++) {
      a[i][j] = b[i][j] + 1;
      b[i][j + 1] = a[i][j];
    }
  }
  printf("%f\n", a[1][1]);
  return 0;
}
// archer: no report — the race is between SIMD lanes of one thread, which it cannot see

// expect: race 18:26 18:26
// A mutant of monte_carlo_rand_r.c whose seed is declared before the region: shared by the
// threads (OpenMP 5.2 §5.1.1), and every `rand_r(&seed)` writes it (POSIX), unsynchronised.
// (Otherwise as the original, with one draw per sample.)
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define SAMPLES 2000

int main(void) {
  long hits = 0;
  unsigned int seed = 17u;
  #pragma omp parallel reduction(+:hits)
  {
    // (no seed of its own)
    #pragma omp for
    for (int i = 0; i < SAMPLES; i++) {
      double x = rand_r(&seed) / (double)RAND_MAX;
      double y = x / 2.0;
      if (x * x + y * y <= 1.0)
        hits++;
    }
  }
  printf("pi is about %f\n", 4.0 * hits / SAMPLES);
  return 0;
}
// archer: no report — ThreadSanitizer does not see glibc's `rand_r` update the seed

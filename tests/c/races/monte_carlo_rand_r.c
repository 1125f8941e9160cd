// expect: race-free
// Monte Carlo estimate of pi: each thread draws from its own `rand_r` seed, declared in the
// region and so private to it (OpenMP 5.2 §5.1.1), and the hits are a reduction (§5.5.8).
// `rand_r` reads and writes `*seed` (POSIX), which only its own thread names.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define SAMPLES 2000

int main(void) {
  long hits = 0;
  #pragma omp parallel reduction(+:hits)
  {
    unsigned int seed = 17u + (unsigned int)omp_get_thread_num();
    #pragma omp for
    for (int i = 0; i < SAMPLES; i++) {
      double x = rand_r(&seed) / (double)RAND_MAX;
      double y = rand_r(&seed) / (double)RAND_MAX;
      if (x * x + y * y <= 1.0)
        hits++;
    }
  }
  printf("pi is about %f\n", 4.0 * hits / SAMPLES);
  return 0;
}

// expect: race-free
// Hand-made SPMD: each thread sums every `count`-th term into a partial sum of its own and
// stores it at its own thread number. `omp_set_num_threads(THREADS)` before the region makes
// the team at most THREADS threads (OpenMP 5.2 §18.2.1, §10.1.1), so `partial[id]` stays in
// the array; thread 0 alone records the team size, and only `main` reads it after the region.
#include <omp.h>
#include <stdio.h>
#define THREADS 4
#define TERMS 100000

int main(void) {
  double partial[THREADS];
  int team = 0;
  double width = 1.0 / TERMS;
  omp_set_num_threads(THREADS);
  #pragma omp parallel
  {
    int id = omp_get_thread_num();
    int count = omp_get_num_threads();
    if (id == 0)
      team = count;
    double s = 0.0;
    for (int i = id; i < TERMS; i += count) {
      double x = (i + 0.5) * width;
      s += 4.0 / (1.0 + x * x);
    }
    partial[id] = s;
  }
  printf("%d threads, first partial sum %f\n", team, partial[0] * width);
  return 0;
}

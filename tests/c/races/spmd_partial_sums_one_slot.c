// expect: race 27:5 27:5
// A mutant of spmd_partial_sums.c: every thread stores its sum at `partial[0]`, two
// unsynchronised writes of one location by different threads (OpenMP 5.2 §1.4.1).
// (Otherwise as the original: each thread sums every `count`-th term,
// thread 0 records the team size.)
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
    partial[0] = s;
  }
  printf("%d threads, first partial sum %f\n", team, partial[0] * width);
  return 0;
}

// expect: unknown
// A mutant of spmd_partial_sums.c: `omp_set_num_threads(THREADS + 1)` lets the team have one
// thread more than `partial` has elements (OpenMP 5.2 §18.2.1, §10.1.1: at most the number
// requested), and that thread's `partial[id]` is outside the array: not proved (a run with
// five threads finds the access outside the object).
#include <omp.h>
#include <stdio.h>
#define THREADS 4
#define TERMS 100000

int main(void) {
  double partial[THREADS];
  int team = 0;
  double width = 1.0 / TERMS;
  omp_set_num_threads(THREADS + 1);
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

// expect: race 12:5 13:34
// Mutant of barrier_phases.c without the barrier: `master` has no barrier of its own
// (OpenMP 5.2 §10.5), so other threads may read `x` while the master thread writes it.
#include <omp.h>
int main(void)
{
  int x = 0;
  int seen[64];
#pragma omp parallel num_threads(4)
  {
#pragma omp master
    x = 42;
    seen[omp_get_thread_num()] = x;
  }
  return seen[0];
}

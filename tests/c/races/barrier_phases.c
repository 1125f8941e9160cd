// expect: race-free
// OpenMP 5.2 §15.3.1: no thread passes the barrier before all threads reached it, so the write
// by the master thread happens before every read. `master` has no barrier of its own (§10.5).
#include <omp.h>
int main(void)
{
  int x = 0;
  int seen[64];
#pragma omp parallel num_threads(4)
  {
#pragma omp master
    x = 42;
#pragma omp barrier
    seen[omp_get_thread_num()] = x;
  }
  return seen[0];
}

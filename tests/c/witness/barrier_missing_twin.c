// expect: no race
#include <omp.h>
int a[8], b[8];
int main(void) {
#pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num();
    a[t] = t;
#pragma omp barrier
    b[t] = a[(t + 1) % 4];
  }
  return b[0];
}
// §15.3.1: only a barrier orders the threads' accesses before it with those after it.

// OpenMP 5.2 §15.3.1: each barrier region must be met by all threads of the team or by none;
// here only thread 0 meets it.
#include <omp.h>
int a[64];
int main(void) {
  #pragma omp parallel
  {
    int t = omp_get_thread_num();
    if (t == 0) {
      #pragma omp barrier
      a[0] = 1;
    }
  }
  return 0;
}

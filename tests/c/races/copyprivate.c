// expect: race-free
// OpenMP 5.2 §5.7.2: the value the single's thread gives `x` is copied into every other thread's
// private `x` before any thread leaves the construct's barrier; then every thread reads its own.
#include <omp.h>
int main(void)
{
  int out[64];
  int x;
#pragma omp parallel private(x) num_threads(4)
  {
#pragma omp single copyprivate(x)
    x = 7;
    out[omp_get_thread_num()] = x;
  }
  return out[0];
}

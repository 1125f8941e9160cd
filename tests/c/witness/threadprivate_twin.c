// expect: no race
#include <omp.h>
int counter;
#pragma omp threadprivate(counter)
int total;
int main(void) {
#pragma omp parallel num_threads(4)
  {
    counter = omp_get_thread_num();
    counter = counter + 1;
#pragma omp atomic
    total += counter;
  }
  return total;
}
// §5.2: a `threadprivate` variable has one copy per thread.

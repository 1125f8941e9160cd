// expect: race 8:5:W 9:5:W; 8:5:W 11:14:R; 9:5:W 9:5:W; 9:5:W 9:15:R; 9:5:W 11:14:R
#include <omp.h>
int counter;
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

// expect: no race
#include <omp.h>
int cell[4];
int main(void) {
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num();
#pragma omp parallel num_threads(2)
    {
      cell[2 * t + omp_get_thread_num()] = t;
    }
  }
  return cell[0];
}
// §10.1: a nested parallel region forms a new team; its threads are unordered with each other.

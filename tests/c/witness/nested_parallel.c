// expect: race 11:7:W 11:7:W
#include <omp.h>
int cell[4];
int main(void) {
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num();
#pragma omp parallel num_threads(2)
    {
      cell[t] = omp_get_thread_num();
    }
  }
  return cell[0];
}
// §10.1: a nested parallel region forms a new team; its threads are unordered with each other.

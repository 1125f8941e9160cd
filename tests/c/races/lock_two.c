// expect: race 14:5 17:5
// OpenMP 5.2 §18.9.4: locks exclude only code under the same lock; `total` is updated under two
// different locks, so the updates may overlap.
#include <omp.h>
int main(void)
{
  omp_lock_t l, m;
  int total = 0;
  omp_init_lock(&l);
  omp_init_lock(&m);
#pragma omp parallel
  {
    omp_set_lock(&l);
    total = total + 1;
    omp_unset_lock(&l);
    omp_set_lock(&m);
    total = total + 2;
    omp_unset_lock(&m);
  }
  return total;
}
// archer: no report — found in some runs only: its shadow memory keeps few accesses to `total`

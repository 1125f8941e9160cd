// expect: race-free
// OpenMP 5.2 §18.9.4, §18.9.5: a thread that sets a simple lock owns it until it unsets it; no
// other thread can set it meanwhile, so the updates of `total` exclude each other.
#include <omp.h>
int main(void)
{
  omp_lock_t l;
  int total = 0;
  omp_init_lock(&l);
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
    omp_set_lock(&l);
    total = total + i;
    omp_unset_lock(&l);
  }
  omp_destroy_lock(&l);
  return total;
}

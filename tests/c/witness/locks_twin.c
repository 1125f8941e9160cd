// expect: no race
#include <omp.h>
int balance;
int main(void) {
  omp_lock_t la, lb;
  omp_init_lock(&la);
  omp_init_lock(&lb);
#pragma omp parallel for
  for (int i = 0; i < 20; i++) {
    omp_lock_t *l = i % 2 ? &la : &la;
    omp_set_lock(l);
    balance += i;
    omp_unset_lock(l);
  }
  omp_destroy_lock(&la);
  omp_destroy_lock(&lb);
  return balance;
}
// §18.9: lock routines order only the regions that use the same lock.

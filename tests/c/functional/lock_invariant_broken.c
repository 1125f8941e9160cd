// expect: failed resource-invariant:18
// Mutant of lock_invariant.c selling without looking: the number sold may pass `cap`, so the
// invariant does not hold again when the lock is unset (OpenMP 5.2 §18.9; thesis ch. 6).
#include <omp.h>

/*@ requires n >= 0 && cap >= 0;
    ensures 0 <= \result && \result <= cap; @*/
int sell(int n, int cap)
{
  omp_lock_t l;
  int sold = 0;
  omp_init_lock(&l);
#pragma omp parallel
  {
    //@ resource_invariant lock(l): Perm(sold, write) ** 0 <= sold && sold <= cap;
#pragma omp for
    for (int i = 0; i < n; i++) {
      omp_set_lock(&l);
      sold = sold + 1;
      omp_unset_lock(&l);
    }
  }
  omp_destroy_lock(&l);
  return sold;
}

// expect: failed race:23 postcondition:7
// Mutant of lock_invariant.c returning a ticket under another lock: OpenMP 5.2 §18.9 excludes
// only code under the same lock, so the return may overlap a sale: a race.
#include <omp.h>

/*@ requires n >= 0 && cap >= 0;
    ensures 0 <= \result && \result <= cap; @*/
int sell(int n, int cap)
{
  omp_lock_t l, m;
  int sold = 0;
  omp_init_lock(&l);
  omp_init_lock(&m);
#pragma omp parallel
  {
    //@ resource_invariant lock(l): Perm(sold, write) ** 0 <= sold && sold <= cap;
#pragma omp for
    for (int i = 0; i < n; i++) {
      omp_set_lock(&l);
      if (sold < cap)
        sold = sold + 1;
      omp_unset_lock(&l);
      omp_set_lock(&m);
      if (sold > 0)
        sold = sold - 1;
      omp_unset_lock(&m);
    }
  }
  omp_destroy_lock(&l);
  return sold;
}

// expect: verified
// A resource invariant of an OpenMP lock (OpenMP 5.2 §18.9: a thread that sets a simple lock
// owns it until it unsets it): the lock holds the number of tickets sold and keeps it within
// `cap`. A thread sells one only if one is left.
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
      if (sold < cap)
        sold = sold + 1;
      omp_unset_lock(&l);
    }
  }
  omp_destroy_lock(&l);
  return sold;
}

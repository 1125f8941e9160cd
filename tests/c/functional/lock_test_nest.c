// expect: verified
// `omp_test_lock` (OpenMP 5.2 §18.9.6: sets the lock if it is free and says whether it did) and a
// nestable lock set again by the thread that owns it (§18.9.4: it only counts up). The test's
// branch holds `l`, so the invariant of `l` holds over `got`; the nested pair of `m` needs
// nothing more than the outer one.
#include <omp.h>

/*@ requires n >= 0;
    ensures \result >= 0; @*/
int tries(int n)
{
  omp_lock_t l;
  omp_nest_lock_t m;
  int got = 0;
  int deep = 0;
  omp_init_lock(&l);
  omp_init_nest_lock(&m);
#pragma omp parallel
  {
    //@ resource_invariant lock(l): Perm(got, write) ** got >= 0;
#pragma omp for
    for (int i = 0; i < n; i++) {
      if (omp_test_lock(&l)) {
        got = got + 1;
        omp_unset_lock(&l);
      }
      omp_set_nest_lock(&m);
      deep = deep + 1;
      {
        omp_set_nest_lock(&m);
        deep = deep + 1;
        omp_unset_nest_lock(&m);
      }
      omp_unset_nest_lock(&m);
    }
  }
  omp_destroy_lock(&l);
  omp_destroy_nest_lock(&m);
  return got;
}

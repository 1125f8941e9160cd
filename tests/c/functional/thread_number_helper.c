// expect: verified
// A function other than `main` may be called in a parallel region, where
// `omp_get_thread_num()` is the calling thread's number in its team (OpenMP 5.2 §18.2.4) and
// `omp_get_num_threads()` the team's size (§18.2.2): a contract of such a function holds of
// every thread, and `main` outside regions is the initial thread alone (number 0 of 1).
#include <omp.h>

/*@ ensures \result >= 0; @*/
int me(void)
{
  return omp_get_thread_num();
}

/*@ ensures \result >= 1; @*/
int team(void)
{
  return omp_get_num_threads();
}

int main(void)
{
  int t = omp_get_thread_num();
  int n = omp_get_num_threads();
  //@ assert t == 0 && n == 1;
  return me() + team() - 1;
}

// OpenMP 5.2 §10.4: `simd` is not a worksharing construct. Directly in a parallel region every
// thread of the team runs the whole loop, so every thread writes every a[i]: a data race (the
// thesis reads such a loop as one vectorised block). The `omp for` loop calls an OpenMP
// runtime routine (specified in ompv's omp.h).
#include <omp.h>

/*@ context_everywhere n >= 0;
    context \pointer(a, n, write) ** \pointer(t, n, write);
    ensures (\forall int k; 0 <= k && k < n; a[k] == 2 * k && t[k] >= 0); @*/
void doubles(int n, int *a, int *t)
{
  #pragma omp parallel
  {
    #pragma omp simd
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], write); ensures a[i] == 2 * i;
      a[i] = 2 * i;

    #pragma omp for
    for (int i = 0; i < n; i++)
      //@ context Perm(t[i], write); ensures t[i] >= 0;
    {
      int id = omp_get_thread_num();
      t[i] = id;
    }
  }
}

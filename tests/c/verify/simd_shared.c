// The same loops correctly shared among the threads: `for simd` distributes the iterations
// (each chunk vectorised), `omp for` calls a runtime routine.
#include <omp.h>

/*@ context_everywhere n >= 0;
    context \pointer(a, n, write) ** \pointer(t, n, write);
    ensures (\forall int k; 0 <= k && k < n; a[k] == 2 * k && t[k] >= 0); @*/
void doubles(int n, int *a, int *t)
{
  #pragma omp parallel
  {
    #pragma omp for simd
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

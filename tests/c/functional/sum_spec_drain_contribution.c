// expect: failed iteration-contract:21 postcondition:8
// Mutant of sum_spec_drain.c: the contribution stated as the element after the iteration (0),
// not before (OpenMP 5.2 §5.5.8: the copy holds what the iteration added).
#include <omp.h>

/*@ context \pointer(a, len, write);
    requires len >= 0;
    ensures \result == \old((\sum int k; 0 <= k && k < len; a[k]));
    ensures (\forall int k; 0 <= k && k < len; a[k] == 0); @*/
int drain(int len, int a[])
{
  int i;
  int res = 0;
#pragma omp parallel private(i) reduction(+: res)
  {
    int part = 0;
#pragma omp for nowait
    for (i = 0; i < len; i++)
      /*@ context Perm(a[i], write);
          ensures a[i] == 0;
          ensures \contribution(part) == a[i]; @*/
    {
      part += a[i];
      a[i] = 0;
    }
    res += part;
  }
  return res;
}

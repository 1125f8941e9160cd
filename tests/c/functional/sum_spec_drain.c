// expect: verified
// sum_spec.c with the loop also clearing the elements it adds, as VerCors' example does: the
// contribution of an iteration is the element's value before the iteration, which the iteration
// contract states (`\contribution(part) == \old(a[i])`: what one iteration adds to the partial
// result that goes into the copy of `res`; OpenMP 5.2 §5.5.8).
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
          ensures \contribution(part) == \old(a[i]); @*/
    {
      part += a[i];
      a[i] = 0;
    }
    res += part;
  }
  return res;
}

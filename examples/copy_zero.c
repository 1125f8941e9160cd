// `parallel for` loops: a copy checked in place (its region has no contract of its own, so it
// starts from the function's state), and a zeroing loop whose region has a contract.
//
//   ompv verify examples/copy_zero.c

/*@
  context \pointer(src, n, 1\2) ** \pointer(dst, n, write);
  ensures (\forall int k; 0 <= k && k < n; dst[k] == src[k]);
@*/
void copy(int n, int *src, int *dst)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    //@ context Perm(dst[i], write) ** Perm(src[i], 1\4); ensures dst[i] == src[i];
    dst[i] = src[i];
}

/*@
  context \pointer(a, n, write);
  ensures (\forall int k; 0 <= k && k < n; a[k] == 0);
@*/
void zero(int n, int *a)
{
  #pragma omp parallel
  {
    /*@ context \pointer(a, n, write);
        ensures (\forall int k; 0 <= k && k < n; a[k] == 0); @*/
    #pragma omp for
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], write); ensures a[i] == 0;
      a[i] = 0;
  }
}

// A scalar made `private`: every iteration works on its own `t` (without the clause the
// iterations would share it, a data race).
//
//   ompv verify examples/private_scalar.c

/*@
  context \pointer(a, n, write);
  ensures (\forall int k; 0 <= k && k < n; a[k] == \old(a[k]) * f + 1);
@*/
void scale(int n, int *a, int f)
{
  int t;
  #pragma omp parallel for private(t)
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], write); ensures a[i] == \old(a[i]) * f + 1;
  {
    t = a[i] * f;
    a[i] = t + 1;
  }
}

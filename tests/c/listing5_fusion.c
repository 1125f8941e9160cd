// Fusion of two parallel loops (thesis Listing 5, rewritten): with `nowait` and
// `schedule(static)` on both, iteration i of the second loop runs after iteration i of
// the first on the same thread, so the loops are fused.

/*@
  context \pointer(a, n, 1\2) ** \pointer(b, n, 1\2);
  context \pointer(c, n, write) ** \pointer(d, n, write);
  ensures (\forall int k; 0 <= k && k < n; d[k] == a[k] + b[k]);
@*/
void add(int n, int a[], int b[], int c[], int d[])
{
#pragma omp parallel
  {
#pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)  //@ context Perm(c[i], write) ** Perm(a[i], 1\4); ensures c[i] == a[i];
    {
      c[i] = a[i];
    }
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
      /*@ context Perm(d[i], write) ** Perm(c[i], 1\4) ** Perm(b[i], 1\4);
          ensures d[i] == c[i] + b[i]; @*/
      d[i] = c[i] + b[i];
  }
}

// Two loops fused by `nowait` and the same static schedule: iteration i of the second loop
// runs after iteration i of the first on the same thread, so it may read what that iteration
// wrote (b[i]) without a barrier.
//
//   ompv verify examples/fusion.c

/*@
  context \pointer(a, n, 1\2) ** \pointer(b, n, write) ** \pointer(c, n, write);
  ensures (\forall int k; 0 <= k && k < n; b[k] == a[k] + 1 && c[k] == 2 * b[k]);
@*/
void fused(int n, int *a, int *b, int *c)
{
  #pragma omp parallel
  {
    #pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], 1\4) ** Perm(b[i], write); ensures b[i] == a[i] + 1;
      b[i] = a[i] + 1;

    #pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
      //@ context Perm(b[i], 1\2) ** Perm(c[i], write); ensures c[i] == 2 * b[i];
      c[i] = 2 * b[i];
  }
}

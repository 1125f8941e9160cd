// expect: verified
// OpenMP 5.2 §15.3.1: the explicit barrier orders the first loop's writes of `a` (its `nowait`
// drops the loop's own barrier) before the second loop's reads, so the values flow through.
/*@ context n > 0;
    context \pointer(a, n, write);
    context \pointer(b, n, write);
    ensures (\forall int k; 0 <= k && k < n; b[k] == 2 * (n - 1 - k) + 1); @*/
void f(int n, int *a, int *b)
{
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      /*@ context Perm(a[i], write);
          ensures a[i] == 2 * i; @*/
      a[i] = 2 * i;
#pragma omp barrier
#pragma omp for
    for (int i = 0; i < n; i++)
      /*@ context Perm(b[i], write);
          context Perm(a[n - 1 - i], 1\2);
          requires a[n - 1 - i] == 2 * (n - 1 - i);
          ensures b[i] == 2 * (n - 1 - i) + 1; @*/
      b[i] = a[n - 1 - i] + 1;
  }
}

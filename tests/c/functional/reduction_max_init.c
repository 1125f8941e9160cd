// expect: failed postcondition:7
// Mutant of `maximum` in reduction_ops.c: the original starts at 1, which OpenMP 5.2 §5.5.8
// combines with the copies: with all elements 0 the result is 1, not their maximum.
/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    requires (\forall int k; 0 <= k && k < n; a[k] >= 0);
    ensures \result == (n > 0 ? (\max int k; 0 <= k && k < n; a[k]) : 0); @*/
int maximum(int n, int *a)
{
  int m = 1;
#pragma omp parallel for reduction(max: m)
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], 1\4);
    if (a[i] > m)
      m = a[i];
  return m;
}

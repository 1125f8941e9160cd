// expect: verified
// A worksharing loop with its own `reduction` inside a region (OpenMP 5.2 §5.5.8: the original
// is updated by the end of the loop, at its barrier), then one thread increments the result.
/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    ensures \result == (\sum int k; 0 <= k && k < n; a[k]) + 1; @*/
int sum_plus_one(int n, int *a)
{
  int s = 0;
#pragma omp parallel
  {
#pragma omp for reduction(+: s)
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], 1\4);
      s += a[i];
#pragma omp single
    {
      //@ context Perm(s, write); ensures s == \old(s) + 1;
      s = s + 1;
    }
  }
  return s;
}

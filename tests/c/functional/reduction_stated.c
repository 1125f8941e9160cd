// expect: verified
// A contribution stated in the iteration contract (`\contribution(s)`): the body updates its
// private copy of `s` twice, under conditions, and the sum of the positive elements is what one
// iteration adds (OpenMP 5.2 §5.5.8: the copies are only combined with `+`, so the original
// gets the sum of all contributions).
/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    ensures \result == (\sum int k; 0 <= k && k < n; a[k] > 0 ? a[k] : 0); @*/
int positive_sum(int n, int *a)
{
  int s = 0;
#pragma omp parallel for reduction(+: s)
  for (int i = 0; i < n; i++)
    /*@ context Perm(a[i], 1\4);
        ensures \contribution(s) == (a[i] > 0 ? a[i] : 0); @*/
  {
    int v = a[i];
    if (v > 0)
      s += v;
    else
      s += 0;
  }
  return s;
}

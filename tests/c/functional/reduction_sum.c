// expect: verified
// OpenMP 5.2 §5.5.8: each thread adds into a private copy of `s` that starts at the identity of
// `+` (§5.5.5: 0); at the end of the loop the original is combined with every copy. The body only
// updates the copy (`s += a[i]`), so each iteration contributes `a[i]` and the result is the sum,
// whatever the schedule.
/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    ensures \result == (\sum int k; 0 <= k && k < n; a[k]); @*/
int sum(int n, int *a)
{
  int s = 0;
#pragma omp parallel for reduction(+: s)
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], 1\4);
    s += a[i];
  return s;
}

// expect: failed iteration-contract:13 postcondition:6
// Mutant of reduction_stated.c: a stated contribution that is not what one iteration adds to
// its copy (OpenMP 5.2 §5.5.8): the iteration contract fails, and so does the sum.
/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    ensures \result == (\sum int k; 0 <= k && k < n; a[k] > 0 ? a[k] : 0); @*/
int positive_sum(int n, int *a)
{
  int s = 0;
#pragma omp parallel for reduction(+: s)
  for (int i = 0; i < n; i++)
    /*@ context Perm(a[i], 1\4);
        ensures \contribution(s) == (a[i] >= 0 ? a[i] : 1); @*/
  {
    int v = a[i];
    if (v > 0)
      s += v;
    else
      s += 0;
  }
  return s;
}

// expect: failed postcondition:5
// Mutant of reduction_sum.c: the original starts at 1. OpenMP 5.2 §5.5.8 combines the original
// with the copies, so the result is one more than the sum.
/*@ context \pointer(a, n, 1\2);
    ensures \result == (\sum int k; 0 <= k && k < n; a[k]); @*/
int sum(int n, int *a)
{
  int s = 1;
#pragma omp parallel for reduction(+: s)
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], 1\4);
    s += a[i];
  return s;
}

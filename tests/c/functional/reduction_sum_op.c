// expect: failed postcondition:6
// Mutant of reduction_sum.c: the wrong operator. With `reduction(*: s)` (OpenMP 5.2 §5.5.5:
// copies start at 1 and are combined by multiplication) the copies are not combined by `+`:
// ompv knows nothing of the result, and the sum does not follow.
/*@ context \pointer(a, n, 1\2);
    ensures \result == (\sum int k; 0 <= k && k < n; a[k]); @*/
int sum(int n, int *a)
{
  int s = 0;
#pragma omp parallel for reduction(*: s)
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], 1\4);
    s += a[i];
  return s;
}

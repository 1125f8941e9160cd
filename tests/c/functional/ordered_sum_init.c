// expect: unknown
// Mutant of ordered_sum.c starting the sum at 1 (OpenMP 5.2 §15.10.2 orders the updates; the
// result is one more than the contract says; `unknown`, as the permissions are inferred).
/*@ context n > 0;
    context \pointer(a, n, 1\2);
    ensures \result == (\sum int k; 0 <= k && k < n; a[k]); @*/
int f(int n, int *a)
{
  int s = 1;
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++)
  {
#pragma omp ordered
    s += a[i];
  }
  return s;
}

// expect: verified
// OpenMP 5.2 §15.10.2: the `ordered` blocks of a loop with the `ordered` clause run one at a time
// (in iteration order), so the updates of the shared `s` do not race; whatever their order, `+`
// commutes and `s` ends as the sum of the array (ompv treats them as a critical section of
// the loop's own and reads each iteration's contribution off `s += a[i]`).
/*@ context n > 0;
    context \pointer(a, n, 1\2);
    ensures \result == (\sum int k; 0 <= k && k < n; a[k]); @*/
int f(int n, int *a)
{
  int s = 0;
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++)
  {
#pragma omp ordered
    s += a[i];
  }
  return s;
}

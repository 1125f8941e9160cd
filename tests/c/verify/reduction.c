// `reduction(+: s)`: every thread adds into a private copy (no race); after the region `s` is
// the combination (OpenMP 5.2 §5.5.8), here the sum of the elements (tests/c/functional/ states
// it).
/*@ context \pointer(a, n, 1\2); @*/
int sum(int n, int *a)
{
  int s = 0;
  #pragma omp parallel for reduction(+: s)
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], 1\4);
    s += a[i];
  return s;
}

// `reduction(+: s)`: every thread adds into a private copy (no race); after the region `s` is
// the combination, of which ompv knows nothing without a specification (OpenMP 5.2 §5.5.8).
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

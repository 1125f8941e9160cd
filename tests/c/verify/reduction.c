// `reduction` is not supported (yet): reported at the clause.
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

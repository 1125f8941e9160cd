// `Perm` on a scalar variable: scalars carry no permission in ompv (their sharing is checked
// syntactically), so this is reported as unsupported.

/*@ context \pointer(a, n, write); @*/
void fill(int n, int *a, int v)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], write) ** Perm(v, read);
    a[i] = v;
}

void f(int n, int *a)
{
  #pragma omp parallel for
  //@ context Perm(a[i], write);
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

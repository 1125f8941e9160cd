void last(int n, int *a)
{
  int x = 0;
  #pragma omp parallel for lastprivate(x)
  for (int i = 0; i < n; i++)
    a[i] = x;
}

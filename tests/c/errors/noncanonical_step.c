void evens(int n, int *a)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i *= 2)
    a[i] = 0;
}

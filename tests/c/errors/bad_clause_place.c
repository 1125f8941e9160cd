void zero(int n, int *a)
{
  #pragma omp parallel for \
      nowait
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

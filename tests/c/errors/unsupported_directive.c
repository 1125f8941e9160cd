void clear(int n, int *a)
{
  #pragma omp parallel
  {
    #pragma omp for
    for (int i = 0; i < n; i++)
    {
      #pragma omp cancel for
      a[i] = 0;
    }
  }
}

void count(int n, int *a, int *total)
{
  #pragma omp parallel
  {
    #pragma omp for
    for (int i = 0; i < n; i++)
    {
      #pragma omp critical
      *total = *total + a[i];
    }
  }
}

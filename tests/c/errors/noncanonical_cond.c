void down(int n, int *a)
{
  #pragma omp parallel
  {
    #pragma omp for
    for (int i = n - 1; i >= 0; i++)
      a[i] = 0;
  }
}

void f(int n, int *a)
{
  #pragma omp parallel
  {
    a[0] = 1;
    #pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = 0;
  }
}

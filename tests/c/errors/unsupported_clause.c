void step(int n, int *a)
{
  int x = 0;
  #pragma omp parallel
  #pragma omp for linear(x)
  for (int i = 0; i < n; i++)
    a[i] = x++;
}

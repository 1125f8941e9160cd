void f(int n, int *a)
{
#pragma omp parallel
  {
#pragma omp simd safelen(2)
    for (int i = 2; i < n; i++)
      a[i] = a[i - 2];
  }
}

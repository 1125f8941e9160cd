void f(int n, int *a)
{
  #pragma omp parallel
  {
    #pragma omp section
    { a[0] = 1; }
  }
}

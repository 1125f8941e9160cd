void f(int *a)
{
  #pragma omp parallel
  #pragma omp single
  {
    #pragma omp task
    {
      #pragma omp task
      a[0] = 1;
    }
  }
}

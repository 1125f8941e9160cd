// Writing a shared scalar in a `single`: the only block of the region, so no race.

/*@ context \pointer(a, n, write); @*/
int count(int n, int *a)
{
  int c = 0;
  #pragma omp parallel
  {
    #pragma omp single
    {
      c = n;
    }
  }
  return c;
}

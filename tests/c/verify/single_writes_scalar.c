// Writing a shared scalar in a `single`: ompv cannot order it with the other threads.

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

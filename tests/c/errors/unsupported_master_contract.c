void set(int *a)
{
  #pragma omp master
  {
    /*@ ensures a[0] == 1; @*/
    a[0] = 1;
  }
}

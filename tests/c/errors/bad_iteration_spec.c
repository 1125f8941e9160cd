void zero(int n, int *a)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    /*@ context Perm(a[i], write)
        ensures a[i] == 0; @*/
    a[i] = 0;
}

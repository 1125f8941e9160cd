// Parallel regions nested in sections: one section holds a region with a barrier between
// its loops, the other a region with two fused loops; a third section is sequential code.

/*@ context \pointer(a, n, write) ** \pointer(b, n, write) ** \pointer(c, n, write) ** \pointer(d, n, write); @*/
void nested(int n, int *a, int *b, int *c, int *d)
{
  #pragma omp parallel num_threads(3)
  {
    #pragma omp sections
    {
      #pragma omp section
      {
        #pragma omp parallel
        {
          #pragma omp for
          for (int i = 0; i < n; i++)
            //@ context Perm(a[i], write); ensures a[i] == i;
            a[i] = i;
          #pragma omp for
          for (int i = 0; i < n; i++)
            //@ requires i > 0 ==> Perm(a[i - 1], 1\2); context Perm(b[i], write);
            b[i] = i > 0 ? a[i - 1] : 0;
        }
      }
      #pragma omp section
      {
        #pragma omp parallel
        {
          #pragma omp for schedule(static) nowait
          for (int i = 0; i < n; i++)
            //@ context Perm(c[i], write); ensures c[i] == 1;
            c[i] = 1;
          #pragma omp for schedule(static)
          for (int i = 0; i < n; i++)
            //@ context Perm(c[i], 1\2) ** Perm(d[i], write); ensures d[i] == c[i];
            d[i] = c[i];
        }
      }
      #pragma omp section
      {
        //@ context n > 0;
        int unused = n;
      }
    }
  }
}

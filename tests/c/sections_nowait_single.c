// `sections nowait` followed by `single`: no barrier after the sections, so the single runs
// in parallel with both sections (and the single's own barrier ends the region).

/*@ context \pointer(a, n, write) ** \pointer(b, n, write) ** Perm(*flag, write); @*/
void prepare(int n, int *a, int *b, int *flag)
{
  #pragma omp parallel
  {
    #pragma omp sections nowait
    {
      #pragma omp section
      {
        //@ context \pointer(a, n, write);
        for (int i = 0; i < n; i++)
          //@ loop_invariant 0 <= i && i <= n;
          a[i] = 0;
      }
      #pragma omp section
      {
        //@ context \pointer(b, n, write);
        int k = 0;
        //@ loop_invariant 0 <= k && k <= n;
        while (k < n) {
          b[k] = 1;
          k++;
        }
      }
    }
    #pragma omp single
    {
      //@ context Perm(*flag, write); ensures *flag == 1;
      *flag = 1;
    }
  }
}

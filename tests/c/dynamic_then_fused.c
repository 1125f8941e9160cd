// A `nowait` loop with a dynamic schedule runs in parallel with what follows; the next two
// loops (static, nowait on the first) are fused with each other.

/*@ context \pointer(x, n, write) ** \pointer(y, n, write) ** \pointer(z, n, write); @*/
void kernels(int n, int x[], int y[], int z[])
{
  #pragma omp parallel
  {
    #pragma omp for schedule(dynamic) nowait
    for (int i = 0; i < n; i++)
      //@ context Perm(x[i], write); ensures x[i] == 0;
      x[i] = 0;

    #pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)
      //@ context Perm(y[i], write); ensures y[i] == 1;
      y[i] = 1;

    #pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
      //@ context Perm(y[i], 1\2) ** Perm(z[i], write); ensures z[i] == y[i] + 1;
      z[i] = y[i] + 1;
  }
}

// Vectorised loops (thesis Listing 6, rewritten): `simd` gives a vectorised block,
// `for simd` a parallel block whose chunks are vectorised.

void mult(int n, int m, int a[], int b[], int c[])
{
  #pragma omp parallel
  {
    #pragma omp simd simdlen(m)
    for (int i = 0; i < n; i++)
    /*@ context Perm(c[i], write) ** Perm(a[i], 1\8) ** Perm(b[i], 1\8);
        ensures c[i] == a[i] * b[i]; @*/
    {
      c[i] = a[i] * b[i];
    }

    #pragma omp for simd simdlen(m)
    for (int i = 0; i < n; i++)
    /*@ context Perm(c[i], write) ** Perm(a[i], 1\8) ** Perm(b[i], 1\8);
        ensures c[i] == a[i] * b[i]; @*/
    {
      c[i] = a[i] * b[i];
    }
  }
}

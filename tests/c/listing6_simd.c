// Vectorised loops (thesis Listing 6, rewritten). OpenMP 5.2 §10.4: `simd` alone is not
// worksharing, so every thread of the team runs its whole loop (a block over (thread, i)),
// and the two loops race on c; the thesis reads it as one vectorised block.
// `for simd` is a parallel block whose chunks are vectorised.

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

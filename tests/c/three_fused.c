// Three loops fused into one chain: each has schedule(static), the first two nowait.

/*@ context \pointer(a, n, write) ** \pointer(b, n, write) ** \pointer(c, n, write); @*/
void pipeline(int n, int *a, int *b, int *c)
{
  #pragma omp parallel
  {
    #pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)
      /*@ context Perm(a[i], write); ensures a[i] == i; @*/
      a[i] = i;

    #pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)
      /*@ context Perm(a[i], 1\2) ** Perm(b[i], write); ensures b[i] == a[i] + 1; @*/
      b[i] = a[i] + 1;

    #pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
      /*@ context Perm(b[i], 1\2) ** Perm(c[i], write); ensures c[i] == 2 * b[i]; @*/
      c[i] = 2 * b[i];
  }
}

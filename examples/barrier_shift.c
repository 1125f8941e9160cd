// Two loops separated by the implicit barrier of the first: the second reads a[i - 1], which
// another iteration of the first loop wrote. The barrier orders every iteration of the first
// loop before every iteration of the second.
//
//   ompv verify examples/barrier_shift.c

/*@
  context \pointer(a, n, write) ** \pointer(b, n, write);
  ensures (\forall int k; 1 <= k && k < n; b[k] == k - 1);
@*/
void shift(int n, int *a, int *b)
{
  #pragma omp parallel
  {
    #pragma omp for
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], write); ensures a[i] == i;
      a[i] = i;

    #pragma omp for
    for (int i = 1; i < n; i++)
      //@ context Perm(a[i - 1], 1\2) ** Perm(b[i], write); ensures b[i] == a[i - 1];
      b[i] = a[i - 1];
  }
}

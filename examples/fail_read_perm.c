// REJECTED (permission): the loop body reads b[i], but the iteration contract gives no
// permission to b.
//
//   ompv verify examples/fail_read_perm.c

/*@ context \pointer(a, n, write) ** \pointer(b, n, 1\2); @*/
void copy(int n, int *a, int *b)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], write);
    a[i] = b[i];
}

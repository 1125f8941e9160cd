// REJECTED (syntax): the iteration contract is malformed (an operand is missing).
//
//   ompv verify examples/fail_syntax.c

/*@ context \pointer(a, n, write); @*/
void fill(int n, int *a)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], write); ensures a[i] == ;
    a[i] = i;
}

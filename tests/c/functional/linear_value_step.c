// expect: failed iteration-contract:13
// Mutant of linear_value.c with the wrong step (OpenMP 5.2 §5.4.6: the copy starts at j + 1 * i):
// the iteration contract does not hold.
/*@ context n > 0;
    context \pointer(a, n, write);
    ensures (\forall int k; 0 <= k && k < n; a[k] == 3 + 2 * k); @*/
void f(int n, int *a)
{
  int j = 3;
#pragma omp parallel for linear(j: 1)
  for (int i = 0; i < n; i++)
    /*@ context Perm(a[i], write);
        ensures a[i] == j + 2 * i; @*/
  {
    a[i] = j;
    j += 2;
  }
}

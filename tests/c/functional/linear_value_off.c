// expect: failed iteration-contract:13
// Mutant of linear_value.c off by one step (OpenMP 5.2 §5.4.6: the copy at iteration i is
// j + 2 * i, not j + 2 * (i + 1)).
/*@ context n > 0;
    context \pointer(a, n, write);
    ensures (\forall int k; 0 <= k && k < n; a[k] == 5 + 2 * k); @*/
void f(int n, int *a)
{
  int j = 3;
#pragma omp parallel for linear(j: 2)
  for (int i = 0; i < n; i++)
    /*@ context Perm(a[i], write);
        ensures a[i] == j + 2 * (i + 1); @*/
  {
    a[i] = j;
    j += 2;
  }
}

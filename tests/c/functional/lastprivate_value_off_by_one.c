// expect: failed postcondition:6
// Mutant of lastprivate_value.c off by one iteration (OpenMP 5.2 §5.4.5: the last iteration is
// i = n - 1): the postcondition fails.
/*@ context n > 0;
    context \pointer(a, n, write);
    ensures \result == 2 * n + 5;
    ensures (\forall int k; 0 <= k && k < n; a[k] == 2 * k); @*/
int f(int n, int *a)
{
  int t = 0;
  int k = 5;
#pragma omp parallel for lastprivate(t)
  for (int i = 0; i < n; i++)
    /*@ context Perm(a[i], write);
        ensures a[i] == 2 * i; @*/
  {
    t = 2 * i;
    a[i] = t;
    t = t + k;
  }
  return t;
}

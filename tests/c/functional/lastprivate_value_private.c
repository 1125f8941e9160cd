// expect: failed postcondition:6
// Mutant of lastprivate_value.c with `private(t)`: the original keeps its value 0 (per
// OpenMP 5.2 §5.4.3 a private copy is never copied back), so the result is not the last one's.
/*@ context n > 0;
    context \pointer(a, n, write);
    ensures \result == 2 * (n - 1) + 5;
    ensures (\forall int k; 0 <= k && k < n; a[k] == 2 * k); @*/
int f(int n, int *a)
{
  int t = 0;
  int k = 5;
#pragma omp parallel for private(t)
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

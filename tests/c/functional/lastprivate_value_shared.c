// expect: failed race:12
// Mutant of lastprivate_value.c without the clause: `t` is shared (OpenMP 5.2 §5.1.1) and every
// iteration writes it: a race.
/*@ context n > 0;
    context \pointer(a, n, write);
    ensures \result == 2 * (n - 1) + 5;
    ensures (\forall int k; 0 <= k && k < n; a[k] == 2 * k); @*/
int f(int n, int *a)
{
  int t = 0;
  int k = 5;
#pragma omp parallel for
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

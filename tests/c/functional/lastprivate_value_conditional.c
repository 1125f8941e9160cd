// expect: failed postcondition:6
// Mutant of lastprivate_value.c where the last iteration may not set `t` (OpenMP 5.2 §5.4.5:
// the original gets whatever the last iteration's copy holds): ompv does not read such a value.
/*@ context n > 0;
    context \pointer(a, n, write);
    ensures \result == 2 * (n - 1) + 5;
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
    if (i % 2 == 0)
      t = 2 * i;
    a[i] = 2 * i;
    t = t + k;
  }
  return t;
}

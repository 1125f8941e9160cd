// expect: failed race:18
// Mutant of master_value.c without the barrier: `master` has none of its own (OpenMP 5.2 §10.5),
// so the loop reads `a[0]` while thread 0 may still write it: a race.
/*@ context n > 0;
    context \pointer(a, n, write);
    context \pointer(b, n, write);
    ensures a[0] == 7;
    ensures (\forall int k; 0 <= k && k < n; b[k] == 7 + k); @*/
void f(int n, int *a, int *b)
{
#pragma omp parallel
  {
#pragma omp master
    {
      /*@ ensures a[0] == 7; @*/
      a[0] = 7;
    }
#pragma omp for
    for (int i = 0; i < n; i++)
      /*@ context Perm(b[i], write);
          context Perm(a[0], 1\2);
          requires a[0] == 7;
          ensures b[i] == 7 + i; @*/
      b[i] = a[0] + i;
  }
}

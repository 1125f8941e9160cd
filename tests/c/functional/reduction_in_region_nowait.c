// expect: failed race:16
// Mutant of reduction_in_region.c: `nowait` on the loop. The original is then updated while
// the `single` may already read it (OpenMP 5.2 §5.5.8: only the barrier orders them): a race.
/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    ensures \result == (\sum int k; 0 <= k && k < n; a[k]) + 1; @*/
int sum_plus_one(int n, int *a)
{
  int s = 0;
#pragma omp parallel
  {
#pragma omp for reduction(+: s) nowait
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], 1\4);
      s += a[i];
#pragma omp single
    {
      //@ context Perm(s, write); ensures s == \old(s) + 1;
      s = s + 1;
    }
  }
  return s;
}

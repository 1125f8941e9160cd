// expect: unknown
// Mutant of master_value.c with `masked filter(1)` (OpenMP 5.2 §10.5): thread 1 runs the block
// only if the team has two threads, which nothing guarantees, so `a[0] == 7` may not hold after
// (`unknown`: the region's permissions are inferred).
/*@ context n > 0;
    context \pointer(a, n, write);
    context \pointer(b, n, write);
    ensures a[0] == 7;
    ensures (\forall int k; 0 <= k && k < n; b[k] == 7 + k); @*/
void f(int n, int *a, int *b)
{
#pragma omp parallel
  {
#pragma omp masked filter(1)
    {
      /*@ ensures a[0] == 7; @*/
      a[0] = 7;
    }
#pragma omp barrier
#pragma omp for
    for (int i = 0; i < n; i++)
      /*@ context Perm(b[i], write);
          context Perm(a[0], 1\2);
          requires a[0] == 7;
          ensures b[i] == 7 + i; @*/
      b[i] = a[0] + i;
  }
}

// expect: unknown
// Mutant of master_value.c writing the wrong value: the postcondition of the `master` block (the
// code of thread 0, OpenMP 5.2 §10.5) does not hold. Its permissions are inferred, so the failure
// is reported as `unknown`, never as verified.
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
      a[0] = 8;
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

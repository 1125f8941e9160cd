// expect: verified
// OpenMP 5.2 §10.5: only the primary thread (number 0) runs the `master` block, and there is no
// barrier at its end; the explicit barrier (§15.3.1) orders its write of `a[0]` before the loop
// reads it. The contract at the start of the block holds for thread 0's code around it.
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

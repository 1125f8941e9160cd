// expect: verified
// OpenMP 5.2 §12.5, §15.5: the loop generates one task per iteration, each with the value `i`
// had when it was generated (firstprivate by §5.1.1); after the `taskwait` every task is
// complete, so the contract of each (per iteration) gives the whole array.
/*@ context n > 0;
    context \pointer(a, n, write);
    ensures (\forall int k; 0 <= k && k < n; a[k] == 2 * k); @*/
void fill(int n, int *a)
{
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < n; i++) {
#pragma omp task
      {
        /*@ context Perm(a[i], write);
            ensures a[i] == 2 * i; @*/
        a[i] = 2 * i;
      }
    }
#pragma omp taskwait
  }
}

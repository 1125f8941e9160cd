// expect: failed iteration-contract:15
// Mutant of task_loop_values.c with an off-by-one bound (`i <= n`): the task of iteration n
// (OpenMP 5.2 §12.5: one task per iteration) needs `a[n]`, which the function does not hold.
/*@ context n > 0;
    context \pointer(a, n, write);
    ensures (\forall int k; 0 <= k && k < n; a[k] == 2 * k); @*/
void fill(int n, int *a)
{
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i <= n; i++) {
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

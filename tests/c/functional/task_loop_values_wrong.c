// expect: failed postcondition:5
// Mutant of task_loop_values.c: each task (OpenMP 5.2 §12.5) writes 2i + 1; the postcondition fails.
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
            ensures a[i] == 2 * i + 1; @*/
        a[i] = 2 * i + 1;
      }
    }
#pragma omp taskwait
  }
}

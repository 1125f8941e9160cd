// expect: failed postcondition:8
// Mutant of thread_contract.c: the function claims what would follow if iteration 0's
// postcondition held of thread 0's slot, whichever thread ran it — false: thread 1 may run
// iteration 0, and thread 0 other iterations. A fact of an iteration's thread holds only of the
// thread that ran it (OpenMP 5.2 §11.5.3), so it is not assumed of every thread after the loop.
/*@ context \pointer(a, n, 1\2) ** \pointer(part, 4, write);
    requires n >= 1;
    ensures part[0] == \old(part[0]) + a[0]; @*/
void partial_sums(int n, int *a, int *part)
{
#pragma omp parallel num_threads(4)
  {
#pragma omp for schedule(dynamic)
    for (int i = 0; i < n; i++)
      /*@ context Perm(a[i], 1\2) ** Perm(part[omp_get_thread_num()], write);
          ensures part[omp_get_thread_num()] == \old(part[omp_get_thread_num()]) + a[i]; @*/
      part[omp_get_thread_num()] += a[i];
  }
}

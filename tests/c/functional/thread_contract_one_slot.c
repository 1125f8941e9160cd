// expect: failed race:10
// Mutant of thread_contract.c: every iteration updates `part[0]`; iterations of different
// threads are not ordered (OpenMP 5.2 §11.5.3), so two threads write `part[0]` at once.
/*@ context \pointer(a, n, 1\2) ** \pointer(part, 4, write);
    requires n >= 0; @*/
void partial_sums(int n, int *a, int *part)
{
#pragma omp parallel num_threads(4)
  {
#pragma omp for schedule(dynamic)
    for (int i = 0; i < n; i++)
      /*@ context Perm(a[i], 1\2) ** Perm(part[0], write);
          ensures part[0] == \old(part[0]) + a[i]; @*/
      part[0] += a[i];
  }
}

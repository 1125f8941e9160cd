// expect: verified
// An iteration contract may name the thread that runs the iteration: in a worksharing loop,
// `omp_get_thread_num()` is that thread (OpenMP 5.2 §11.5.3: each iteration runs on one thread,
// which runs its chunks one after another), so each thread's iterations update its own slot of
// `part` and never race with another thread's. What an iteration ensures of its thread's slot
// holds only of the thread that ran it: after the loop the slots are unknown, not every
// iteration's sum.
/*@ context \pointer(a, n, 1\2) ** \pointer(part, 4, write);
    requires n >= 0; @*/
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

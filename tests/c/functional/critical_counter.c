// expect: verified
// OpenMP 5.2 §15.2: at most one thread at a time runs the `critical` region, so the increments
// of the shared counter happen one after another, in an order the schedule decides. Every write
// of `cnt` in the region is an increment under that lock, so the counter ends as its start plus
// one per iteration, whatever the order (each iteration's contribution, as in a reduction).
/*@ requires n >= 0;
    ensures \result == n; @*/
int count(int n)
{
  int cnt = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    cnt++;
  }
  return cnt;
}

/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    ensures \result == (\sum int k; 0 <= k && k < n; a[k] > 0 ? a[k] : 0); @*/
int positive_sum(int n, int *a)
{
  int s = 0;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], 1\4);
    {
      if (a[i] > 0) {
        // OpenMP 5.2 §15.8.4: an atomic update is a critical section around one update.
#pragma omp atomic
        s += a[i];
      }
    }
  }
  return s;
}

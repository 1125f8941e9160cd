// expect: failed race:10
// Mutant of ordered_sum.c without the `ordered` block: every iteration updates the shared `s`
// (OpenMP 5.2 §5.1.1) with nothing ordering the updates: a race.
/*@ context n > 0;
    context \pointer(a, n, 1\2);
    ensures \result == (\sum int k; 0 <= k && k < n; a[k]); @*/
int f(int n, int *a)
{
  int s = 0;
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++)
  {
    s += a[i];
  }
  return s;
}

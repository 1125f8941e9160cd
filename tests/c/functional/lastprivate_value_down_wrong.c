// expect: unknown
// Mutant of lastprivate_value_down.c taking the largest iteration for the last one (per
// OpenMP 5.2 §5.4.5 the last is the sequentially last, i = 0): not proved.
/*@ context n > 0;
    context \pointer(a, n, write);
    ensures \result == n; @*/
int f(int n, int *a)
{
  int t = 0;
#pragma omp parallel for lastprivate(t)
  for (int i = n - 1; i >= 0; i--)
  {
    a[i] = i;
    t = i + 1;
  }
  return t;
}

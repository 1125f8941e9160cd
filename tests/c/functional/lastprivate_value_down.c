// expect: verified
// OpenMP 5.2 §5.4.5: "sequentially last" follows the loop's own order; counting down from n - 1,
// the last iteration is i = 0, not the largest i.
/*@ context n > 0;
    context \pointer(a, n, write);
    ensures \result == 1; @*/
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

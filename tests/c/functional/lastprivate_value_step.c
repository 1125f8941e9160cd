// expect: verified
// OpenMP 5.2 §5.4.5 and §4.4.1: the sequentially last iteration of `i = 1, 4, 7, … < n` is
// `1 + ((n - 2) / 3) * 3` (the loop runs if n > 1); the original `t` gets its copy.
/*@ context n > 1;
    context \pointer(a, n, write);
    ensures \result == 1 + ((n - 2) / 3) * 3; @*/
int f(int n, int *a)
{
  int t = 0;
#pragma omp parallel for lastprivate(t)
  for (int i = 1; i < n; i += 3)
  {
    t = i;
    a[i] = t;
  }
  return t;
}

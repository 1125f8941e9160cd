// A `parallel for` alone in a function, in the middle of sequential code.

/*@ context \pointer(a, n, write); ensures \result == n; @*/
int fill(int n, int *a)
{
  int count = 0;
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    /*@ context Perm(a[i], write); ensures a[i] == 42; @*/
  {
    a[i] = 42;
  }
  count = n;
  return count;
}

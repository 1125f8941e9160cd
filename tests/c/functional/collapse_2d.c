// expect: verified
// OpenMP 5.2 §4.4.3: `collapse(2)` makes one iteration space of the pairs (i, j); every pair writes
// its own element, and its contract carries the value.
/*@ context n > 0 && m > 0;
    context (\forall* int i; 0 <= i && i < n; (\forall* int j; 0 <= j && j < m; Perm(a[i][j], write)));
    ensures (\forall int i; 0 <= i && i < n; (\forall int j; 0 <= j && j < m; a[i][j] == i + j)); @*/
void f(int n, int m, int a[n][m])
{
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      /*@ context Perm(a[i][j], write);
          ensures a[i][j] == i + j; @*/
      a[i][j] = i + j;
}

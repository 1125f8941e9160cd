// expect: failed race:9
// Mutant of collapse_2d.c where every pair (i, j) writes a[i][0]: pairs of one row write the
// same element (OpenMP 5.2 §4.4.3: all pairs of the collapsed space may run at the same time).
/*@ context n > 0 && m > 0;
    context (\forall* int i; 0 <= i && i < n; (\forall* int j; 0 <= j && j < m; Perm(a[i][j], write)));
    ensures (\forall int i; 0 <= i && i < n; (\forall int j; 0 <= j && j < m; a[i][j] == i + j)); @*/
void f(int n, int m, int a[n][m])
{
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      /*@ context Perm(a[i][0], write);
          ensures a[i][0] == i + j; @*/
      a[i][0] = i + j;
}

// expect: failed 26
// Mutant of stencil2d_vla.c: each iteration writes the next row, which another iteration owns.
// (An off-by-one row index.)
/*@ context_everywhere n > 2 && m > 2;
    context (\forall* int p; 0 <= p && p < n; (\forall* int q; 0 <= q && q < m; Perm(a[p][q], 1\2)));
    context (\forall* int p; 0 <= p && p < n; (\forall* int q; 0 <= q && q < m; Perm(b[p][q], write)));
    ensures (\forall int p; 1 <= p && p < n - 1; (\forall int q; 1 <= q && q < m - 1; b[p][q] == a[p - 1][q] + a[p + 1][q]));
@*/
void step(int n, int m, double a[n][m], double b[n][m])
{
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    /*@ context (\forall* int q; 0 <= q && q < m; Perm(b[i][q], write));
        context (\forall* int q; 0 <= q && q < m; Perm(a[i - 1][q], 1\4));
        context (\forall* int q; 0 <= q && q < m; Perm(a[i + 1][q], 1\4));
        ensures (\forall int q; 1 <= q && q < m - 1; b[i][q] == a[i - 1][q] + a[i + 1][q]);
    @*/
  {
    /*@ loop_invariant 1 <= j && j <= m - 1;
        loop_invariant (\forall* int q; 0 <= q && q < m; Perm(b[i][q], write));
        loop_invariant (\forall* int q; 0 <= q && q < m; Perm(a[i - 1][q], 1\4));
        loop_invariant (\forall* int q; 0 <= q && q < m; Perm(a[i + 1][q], 1\4));
        loop_invariant (\forall int q; 1 <= q && q < j; b[i][q] == a[i - 1][q] + a[i + 1][q]);
    @*/
    for (int j = 1; j < m - 1; j++)
      b[i + 1][j] = a[i - 1][j] + a[i + 1][j];
  }
}

int main(void)
{
  double x[8][6];
  double y[8][6];
  for (int p = 0; p < 8; p++)
    for (int q = 0; q < 6; q++)
      x[p][q] = p + q;
  step(8, 6, x, y);
  return 0;
}

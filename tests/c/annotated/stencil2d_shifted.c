// expect: failed 30
// Mutant of stencil2d.c: the second neighbour is row i, not row i + 1 (an off-by-one index).
// Reading row i needs a permission the iteration does not have.
#define N 64
#define M 48
double a[N][M];
double b[N][M];

/*@ context (\forall* int p; 0 <= p && p < N; (\forall* int q; 0 <= q && q < M; Perm(a[p][q], 1\2)));
    context (\forall* int p; 0 <= p && p < N; (\forall* int q; 0 <= q && q < M; Perm(b[p][q], write)));
    ensures (\forall int p; 1 <= p && p < N - 1; (\forall int q; 1 <= q && q < M - 1; b[p][q] == a[p - 1][q] + a[p + 1][q]));
@*/
void step(void)
{
#pragma omp parallel for
  for (int i = 1; i < N - 1; i++)
    /*@ context (\forall* int q; 0 <= q && q < M; Perm(b[i][q], write));
        context (\forall* int q; 0 <= q && q < M; Perm(a[i - 1][q], 1\4));
        context (\forall* int q; 0 <= q && q < M; Perm(a[i + 1][q], 1\4));
        ensures (\forall int q; 1 <= q && q < M - 1; b[i][q] == a[i - 1][q] + a[i + 1][q]);
    @*/
  {
    /*@ loop_invariant 1 <= j && j <= M - 1;
        loop_invariant (\forall* int q; 0 <= q && q < M; Perm(b[i][q], write));
        loop_invariant (\forall* int q; 0 <= q && q < M; Perm(a[i - 1][q], 1\4));
        loop_invariant (\forall* int q; 0 <= q && q < M; Perm(a[i + 1][q], 1\4));
        loop_invariant (\forall int q; 1 <= q && q < j; b[i][q] == a[i - 1][q] + a[i + 1][q]);
    @*/
    for (int j = 1; j < M - 1; j++)
      b[i][j] = a[i - 1][j] + a[i][j];
  }
}

// expect: failed 27
// Mutant of orphan_loop.c whose iterations each ask for a quarter of three neighbours of `a`:
// together they need three quarters of every element, the region holds half.
#define N 100
double a[N];
double b[N];

void smooth(void)
{
#pragma omp for
  for (int i = 1; i < N - 1; i++)
    /*@ context Perm(b[i], write);
        context Perm(a[i - 1], 1\4) ** Perm(a[i], 1\4) ** Perm(a[i + 1], 1\4);
        ensures b[i] == (a[i - 1] + a[i] + a[i + 1]) / 3.0;
    @*/
    b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
}

/*@ context (\forall* int k; 0 <= k && k < N; Perm(a[k], 1\2));
    context (\forall* int k; 0 <= k && k < N; Perm(b[k], write));
    ensures (\forall int k; 1 <= k && k < N - 1; b[k] == (a[k - 1] + a[k] + a[k + 1]) / 3.0);
@*/
void run(void)
{
#pragma omp parallel
  {
    /*@ context (\forall* int k; 0 <= k && k < N; Perm(a[k], 1\2));
        context (\forall* int k; 0 <= k && k < N; Perm(b[k], write));
        ensures (\forall int k; 1 <= k && k < N - 1; b[k] == (a[k - 1] + a[k] + a[k + 1]) / 3.0);
    @*/
    smooth();
  }
}

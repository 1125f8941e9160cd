// expect: verified
// An orphaned worksharing loop with its iteration contract: `smooth` has no parallel region;
// called by every thread of the region in `run`, its loop shares out the iterations among
// that team (OpenMP 5.2 §11.5), and ompv verifies it there with the region's contract.
#define N 100
double a[N];
double b[N];

void smooth(void)
{
#pragma omp for
  for (int i = 1; i < N - 1; i++)
    /*@ context Perm(b[i], write);
        context Perm(a[i - 1], 1\8) ** Perm(a[i], 1\8) ** Perm(a[i + 1], 1\8);
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

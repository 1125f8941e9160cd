// expect: failed 9
// Mutant of orphan_loop.c updating `a` in place: iteration i writes a[i] while iterations
// i - 1 and i + 1 read it (their permissions to it cannot be split off a write).
#define N 100
double a[N];

void smooth(void)
{
#pragma omp for
  for (int i = 1; i < N - 1; i++)
    /*@ context Perm(a[i], write);
        context Perm(a[i - 1], 1\8) ** Perm(a[i + 1], 1\8);
    @*/
    a[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
}

/*@ context (\forall* int k; 0 <= k && k < N; Perm(a[k], write));
@*/
void run(void)
{
#pragma omp parallel
  {
    //@ context (\forall* int k; 0 <= k && k < N; Perm(a[k], write));
    smooth();
  }
}

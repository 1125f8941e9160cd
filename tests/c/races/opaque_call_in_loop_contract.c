// expect: unknown
// opaque_call_in_loop.c with the iteration's permissions written by the user: the iteration
// holds only `a[i]`, and the function without body or contract may write all of `a` (c::opaque),
// so the call may need more than the iteration has; it may also write only `a[i]`: `unknown`,
// never `verified`, which it once was: a call of a prototype without contract was taken to
// access nothing (OpenMP 5.2 §11.5.2; C11 6.5.6p8).
// run: inconclusive (the run cannot execute a function without a body)
#define N 64
void fill(double *a);
int main(void)
{
  double a[N];
#pragma omp parallel for
  for (int i = 0; i < N; i++)
  /*@ context Perm(a[i], write); @*/
  {
    fill(&a[i]);
  }
  return 0;
}

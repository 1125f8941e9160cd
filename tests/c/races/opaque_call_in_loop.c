// expect: unknown
// Mutant of opaque_call_before_region.c: every iteration calls the function without body or
// contract on `&a[i]`. It may move the pointer anywhere in `a` (C11 6.5.6p8) and write there,
// racing with the other iterations (OpenMP 5.2 §11.5.2, `a` shared by §5.1.1), or write only
// `a[i]`: ompv cannot tell, so the answer is `unknown`.
// run: inconclusive (the run cannot execute a function without a body)
#define N 64
void fill(double *a);
int main(void)
{
  double a[N];
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    fill(&a[i]);
  return 0;
}

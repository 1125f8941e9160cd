// expect: unknown
// library_zero.c called with an array too short for it: `zero(a, 8)` on `double a[4]` writes
// outside `a` (C11 6.5.6p8: undefined behaviour), which the inferred precondition of `zero`
// (`0 < n ==> n - 1 < \pointer_length(a)`) catches at the call. No race (OpenMP 5.2 §11.5.2),
// but the program is not proved either: `unknown`, never `verified`.
// run: inconclusive (the run stops at the write outside `a`)
void zero(double *a, int n)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = 0.0;
}

int main(void)
{
  double a[4];
  zero(a, 8);
  return 0;
}

// expect: race 11:5 12:5
// The mutant of library_zero.c: iteration `i` also writes `a[i + 1]`, which iteration `i + 1`
// writes too (OpenMP 5.2 §11.5.2; `a` is shared, §5.1.1). Every call with `n >= 2` (and `a` of
// `n + 1` elements, which the inferred contract requires) races.
// run: inconclusive (no `main` to run)
void zero(double *a, int n)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
  {
    a[i] = 0.0;
    a[i + 1] = 1.0;
  }
}

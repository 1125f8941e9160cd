// expect: unknown
// A library function (no `main`) whose loop reads `a[i + 1]` while the next iteration writes
// it: a race between iterations of the loop (OpenMP 5.2 §11.5.2; `a` is shared, §5.1.1). The
// contract is inferred and `n` is unknown, so the race is not certain: `unknown`, never an
// error of ompv (once: "undeclared type `CFloat`", a `double` read with no float constant).
// run: inconclusive (no `main` to run)
void shift(double *a, int n)
{
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    a[i] = a[i + 1];
}

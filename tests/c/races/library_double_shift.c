// expect: race 13:5 13:12
// A library function (no `main`) whose loop reads `a[i + 1]` while the next iteration writes
// it: a race between iterations of the loop (OpenMP 5.2 §11.5.2; `a` is shared, §5.1.1). Its
// inferred contract excludes only calls that would access outside `a` (`0 < n - 1 ==> n - 2 <
// \pointer_length(a)`), so every call with `n >= 3` and an array that long races: a race that
// can really happen, `failed` (it was `unknown` while the contract could not say how long `a`
// is; once an error of ompv: "undeclared type `CFloat`", a `double` read with no float constant).
// run: inconclusive (no `main` to run)
void shift(double *a, int n)
{
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    a[i] = a[i + 1];
}

// expect: race-free
// A library function (no `main`) whose `parallel for` writes `a[i]` in iteration `i` only: no
// two iterations touch the same element (OpenMP 5.2 §11.5.2; `a` is shared, §5.1.1). With no
// annotation, the inferred contract has the whole of `a` and requires that `a` has the
// elements the loop writes on every call (`0 < n ==> n - 1 < \pointer_length(a)`: every
// iteration of a `parallel for` runs, §11.5), which excludes only calls that access outside
// `a`. It was `unknown` while the contract could not say how long `a` is (issue 42's
// `void zero(double *a, int n)`).
// run: inconclusive (no `main` to run)
void zero(double *a, int n)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = 0.0;
}

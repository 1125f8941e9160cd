// expect: unknown
// OpenMP 5.2 §15.10.2: the `ordered` blocks run in iteration order, so each iteration finds
// `s == i` and `s` ends as `n`. ompv keeps only that the blocks run one at a time, not their
// order (README: `ordered`), and this update is not `s = s op e`: it cannot prove the result, and
// answers `unknown` rather than `verified`.
/*@ context n > 0;
    ensures \result == n; @*/
int f(int n)
{
  int s = 0;
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++)
  {
#pragma omp ordered
    if (s == i)
      s = i + 1;
  }
  return s;
}

// expect: race-free
// OpenMP 5.2 §15.9.5: a task with `in` on `x` runs after the earlier sibling task with `out` on
// it, so the two accesses of `x` are ordered.
int main(void)
{
  int x = 0;
  int y = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x)
    x = 1;
#pragma omp task depend(in : x)
    y = x + 1;
  }
  return y;
}

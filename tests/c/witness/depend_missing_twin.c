// expect: no race
int main(void) {
  int x = 0, y = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(x) depend(out : x)
    x = 3;
#pragma omp task shared(x, y) depend(in : x)
    y = x + 1;
  }
  return y;
}
// §15.9.5: only `depend` clauses order sibling tasks.

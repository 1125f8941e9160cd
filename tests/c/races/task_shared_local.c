// expect: race-free
// `x` is declared in the code of the `single`, which one thread runs once (OpenMP 5.2 §11.1): one
// object, shared with the tasks that name it in `shared` (§5.1.1). The tasks are ordered by their
// dependences (§15.9.5) and the generating code reads `x` after `taskwait` (§15.5).
int main(void)
{
  int r = 0;
#pragma omp parallel
#pragma omp single
  {
    int x = 1;
#pragma omp task shared(x) depend(inout : x)
    x = x + 1;
#pragma omp task shared(x, r) depend(in : x)
    r = x;
#pragma omp taskwait
    r = r + x;
  }
  return r;
}

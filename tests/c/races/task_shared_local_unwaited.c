// expect: race 12:5 15:5
// Mutant of task_shared_local.c without `taskwait`: the generating code writes `x` while the
// first task may still run (OpenMP 5.2 §12.5, §15.5).
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
    x = 5;
  }
  return r;
}

// expect: race 12:5 14:9
// Mutant of task_shared_local.c without the second task's `depend`: the tasks may run at the same
// time (OpenMP 5.2 §12.5), one writing the generating code's `x`, the other reading it.
int main(void)
{
  int r = 0;
#pragma omp parallel
#pragma omp single
  {
    int x = 1;
#pragma omp task shared(x) depend(inout : x)
    x = x + 1;
#pragma omp task shared(x, r)
    r = x;
#pragma omp taskwait
    r = r + x;
  }
  return r;
}

// expect: race-free
// OpenMP 5.2 §5.1.1: in a task, a variable that is not shared in the enclosing context (here
// `k`, declared in the code of the single) is firstprivate: the task updates its own copy while
// the generating thread writes its `k`.
int main(void)
{
  int r = 0;
#pragma omp parallel
#pragma omp single
  {
    int k = 3;
#pragma omp task
    k = k + 1;
    k = 4;
    r = k;
  }
  return r;
}

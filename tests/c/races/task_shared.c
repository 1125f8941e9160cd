// expect: race 12:5 13:5
// OpenMP 5.2 §5.1.1: `k` is shared in the enclosing context (declared before the region), so it
// is shared in the task: the task and the generating thread may write it at the same time.
int main(void)
{
  int r = 0;
  int k = 3;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    k = k + 1;
    k = 4;
    r = k;
  }
  return r;
}
// archer: no report — found in some runs only: the generating thread often runs the task itself

// expect: race-free
// OpenMP 5.2 §15.5: `taskwait` waits for the child tasks generated before it, so the generating
// code reads `x` only after the task wrote it.
int main(void)
{
  int x = 0;
  int y = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    x = 1;
#pragma omp taskwait
    y = x;
  }
  return y;
}

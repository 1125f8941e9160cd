// expect: race-free
// OpenMP 5.2 §12.5 and §3.4: with `if(0)` the task is undeferred: the generating thread does not
// go on until the task is complete.
int main(void)
{
  int x = 0;
  int y = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task if (0)
    x = 1;
    y = x;
  }
  return y;
}

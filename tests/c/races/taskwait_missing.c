// expect: race 12:5 14:9
// Mutant of taskwait.c without the taskwait: the task may still be writing `x` when the
// generating code reads it (OpenMP 5.2 §12.5).
int main(void)
{
  int x = 0;
  int y = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    x = 1;

    y = x;
  }
  return y;
}

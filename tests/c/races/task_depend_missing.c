// expect: race 12:5 14:9
// Mutant of task_depend.c without `depend`: sibling tasks may run at the same time
// (OpenMP 5.2 §12.5, §15.9.5), one writing `x` while the other reads it.
int main(void)
{
  int x = 0;
  int y = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    x = 1;
#pragma omp task
    y = x + 1;
  }
  return y;
}

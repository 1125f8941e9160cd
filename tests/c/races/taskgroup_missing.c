// expect: race 14:9 17:7
// Mutant of taskgroup.c without the taskgroup: the two sibling tasks may write `result` at the
// same time (OpenMP 5.2 §12.5).
int main(void)
{
  int result = 0;
#pragma omp parallel
  {
#pragma omp single
    {

      {
#pragma omp task
        result = 1;
      }
#pragma omp task
      result = 2;
    }
  }
  return result;
}

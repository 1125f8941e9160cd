// expect: race-free
// OpenMP 5.2 §15.4: at the end of a taskgroup region the tasks generated in it are complete; the
// task after the group runs after the first one.
int main(void)
{
  int result = 0;
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp taskgroup
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

// expect: verified
// A task outside any parallel region: `x`, an automatic variable of the function, is private
// to the initial task, so firstprivate in the task (OpenMP 5.2 §5.1.1, data-sharing of task
// generating constructs). The task increments its own copy; the original keeps its value.
/*@ ensures \result == 2; @*/
int f(void)
{
  int x = 2;
#pragma omp task
  x++;
#pragma omp taskwait
  return x;
}

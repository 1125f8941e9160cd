// expect: unknown
// Mutant of orphan_task_firstprivate.c with `shared(x)`: the task increments the original
// (OpenMP 5.2 §5.4.2), so the result is 3 and the contract's 2 is wrong. The task's effect on
// `x` is inferred, not stated, so the answer is `unknown`, never verified.
/*@ ensures \result == 2; @*/
int f(void)
{
  int x = 2;
#pragma omp task shared(x)
  x++;
#pragma omp taskwait
  return x;
}

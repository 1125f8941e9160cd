// expect: race-free
// OpenMP 5.2 §15.5: a task that waits (`taskwait`) for the task it generates completes only after
// it; §15.9.5: the second outer task depends on the first (`inout` on `a`), so it runs after the
// first outer task and, with it, after its child. The two increments of `a` are ordered.
int main(void)
{
  int a = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(inout : a) shared(a)
    {
#pragma omp task shared(a)
      a++;
#pragma omp taskwait
    }
#pragma omp task depend(inout : a) shared(a)
    {
#pragma omp task shared(a)
      a++;
#pragma omp taskwait
    }
  }
  return a;
}

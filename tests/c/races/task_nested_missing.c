// expect: race 13:7 19:7
// Mutant of task_nested.c without the dependences: OpenMP 5.2 §12.5 lets the two outer tasks
// (and the children they wait for) run at the same time, so the increments of `a` may overlap.
int main(void)
{
  int a = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(a)
    {
#pragma omp task shared(a)
      a++;
#pragma omp taskwait
    }
#pragma omp task shared(a)
    {
#pragma omp task shared(a)
      a++;
#pragma omp taskwait
    }
  }
  return a;
}

// expect: race 13:5 17:9
// Mutant of taskwait_depend.c: the taskwait depends on `y`, whose task has no dependence, so it
// waits for no task (OpenMP 5.2 §15.5, §15.9.5) and the read of `x` races with its write.
int main(void)
{
  int x = 0;
  int y = 2;
  int z = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(inout : x) shared(x)
    x++;
#pragma omp task shared(y)
    y--;
#pragma omp taskwait depend(in : y)
    z = x;
#pragma omp taskwait
  }
  return z;
}
// archer: cannot run — Archer 14 crashes (SEGV) on `taskwait depend(…)`

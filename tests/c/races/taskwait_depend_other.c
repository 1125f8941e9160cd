// expect: race 16:5 18:13
// Mutant of taskwait_depend.c: `y` is read after the `taskwait depend(in: x)` only. By
// OpenMP 5.2 §15.5 that taskwait waits for the tasks it depends on, not for the task writing `y`
// (DataRaceBench's DRB165).
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
#pragma omp taskwait depend(in : x)
    z = x + y;
#pragma omp taskwait
  }
  return z;
}
// archer: cannot run — Archer 14 crashes (SEGV) on `taskwait depend(…)`

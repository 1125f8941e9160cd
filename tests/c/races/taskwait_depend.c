// expect: race-free
// OpenMP 5.2 §15.5: a `taskwait` with `depend` clauses waits as an included task with those
// dependences would: for the earlier sibling tasks it depends on (§15.9.5), here the one with
// `inout` on `x`. The read of `y` waits for the plain `taskwait`.
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
    z = x;
#pragma omp taskwait
    z = z + y;
  }
  return z;
}
// archer: cannot run — Archer 14 crashes (SEGV) on `taskwait depend(…)`

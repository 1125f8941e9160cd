// expect: race 13:5 19:13
// OpenMP 5.2 §15.9.5: t3 runs after t1 and t2, t4 after t2 only: an order that is not
// series-parallel. The race checks take the exact order and find only the real race (t1 writes
// `x`, t4 reads it); the run of the blocks has less order than OpenMP, so the proof reports it
// as possible, and running the program confirms it.
int main(void)
{
  int x = 0, y = 0, z = 0, w = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x)
    x = 1;
#pragma omp task depend(out : y)
    y = 1;
#pragma omp task depend(in : x) depend(in : y)
    z = x + y;
#pragma omp task depend(in : y)
    w = y + x;
  }
  return z + w;
}

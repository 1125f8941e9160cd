// expect: failed race:26
// Mutant of tasks_taskwait.c without `taskwait`: the third task reads `x` and `y` while the
// first two may still write them (OpenMP 5.2 §12.5, §15.5): a race.
/*@ ensures \result == 30; @*/
int f(void)
{
  int x = 0;
  int y = 0;
  int z = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(x)
    {
      /*@ context Perm(x, write);
          ensures x == 10; @*/
      x = 10;
    }
#pragma omp task shared(y)
    {
      /*@ context Perm(y, write);
          ensures y == 20; @*/
      y = 20;
    }

#pragma omp task shared(x, y, z)
    {
      /*@ context Perm(x, 1\2) ** Perm(y, 1\2) ** Perm(z, write);
          requires x == 10 && y == 20;
          ensures z == 30; @*/
      z = x + y;
    }
  }
  return z;
}

// expect: verified
// OpenMP 5.2 §12.5, §15.5: the first two tasks write different variables and `taskwait` makes
// both complete before the third task is created; each task's contract carries its values.
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
#pragma omp taskwait
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

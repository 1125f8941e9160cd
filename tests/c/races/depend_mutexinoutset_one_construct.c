// expect: unknown
// OpenMP 5.2 §15.9.5 makes tasks with `mutexinoutset` on the same item mutually exclusive when
// *different* constructs generate them; here one construct (in `bump`, called twice) generates
// both. ompv does not let them exclude each other, finds that they may update `x` at the same
// time, and cannot confirm it: its run lets them exclude each other (more exclusion than OpenMP
// requires, which only hides races).
#include <stdio.h>
int c, x;
void bump(int d)
{
#pragma omp task depend(mutexinoutset : c)
  x = x + d;
}
int main(void)
{
#pragma omp parallel
#pragma omp single
  {
    bump(1);
    bump(2);
  }
  printf("%d\n", x);
  return 0;
}

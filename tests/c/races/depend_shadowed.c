// expect: race 13:5 17:7
// OpenMP 5.2 §15.9.5 orders tasks whose list items are the same storage, not the same text: the
// second `c` is a variable of the inner block, so the two writes of `x` are not ordered.
#include <stdio.h>
int main(void)
{
  int x = 0;
  int c = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : c)
    x = 1;
    {
      int c = 0;
#pragma omp task depend(out : c)
      x = 2;
    }
  }
  printf("%d %d\n", x, c);
  return 0;
}

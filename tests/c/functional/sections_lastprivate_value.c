// expect: failed assertion:17
// OpenMP 5.2 §5.4.5: after `sections lastprivate(x)` the original holds the copy of the
// lexically last section (2 when run). ompv does not compute that value; it must not keep the
// value from before the construct either: this assertion may not be proved.
#include <stdio.h>

int main(void)
{
  int x = 0;
#pragma omp parallel sections lastprivate(x)
  {
#pragma omp section
    x = 1;
#pragma omp section
    x = 2;
  }
  //@ assert x == 0;
  printf("%d\n", x);
  return 0;
}

// expect: race 10:3 10:3
// Mutant of helper_deref.c without `private(i)`: every thread writes the shared `i` through
// the pointer it passes to `set` (OpenMP 5.2 §5.1.1: `i`, declared outside the region, is
// shared), a race; the caller still provides the element `set` dereferences on every call, and
// the race is found at the write.
#include <stdio.h>

void set(int *q)
{
  *q = 1;
}

int main(void)
{
  int i = 0, sum = 0;
#pragma omp parallel reduction(+ : sum) 
  {
    set(&i);
    sum += i;
  }
  printf("%d\n", sum);
  return 0;
}

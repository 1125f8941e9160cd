// expect: race-free
// Each thread passes the address of its own copy of `i` (private, OpenMP 5.2 §5.4.3) to `set`,
// which writes through it: the callee's inferred contract asks for the element it dereferences
// on every call (`0 < \pointer_length(q)`), which `&i` has. The reduction (§5.5.8) combines
// the copies of `sum`.
#include <stdio.h>

void set(int *q)
{
  *q = 1;
}

int main(void)
{
  int i = 0, sum = 0;
#pragma omp parallel reduction(+ : sum) private(i)
  {
    set(&i);
    sum += i;
  }
  printf("%d\n", sum);
  return 0;
}

// OpenMP 5.2 §5.4: `x` is in a `shared` and a `firstprivate` clause of one `omp task`.
#include <stdio.h>
int main(void)
{
  int x = 1;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(x) firstprivate(x)
    x = x + 1;
  }
  printf("%d\n", x);
  return 0;
}

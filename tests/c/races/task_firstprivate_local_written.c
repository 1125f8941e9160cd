// expect: race 17:9 22:9
// Both tasks increment their own copy of `k` (implicitly firstprivate, OpenMP 5.2 §5.1.1) and
// then write `a[k]`: both copies become 4, so the two tasks write `a[4]` at the same time
// (§12.5). The copies are written, so ompv must not read them as the shared variable.
#include <stdio.h>

int main(void) {
  int a[10] = {0};
#pragma omp parallel
  {
#pragma omp single
    {
      int k = 3;
#pragma omp task shared(a)
      {
        k = k + 1;
        a[k] = 1;
      }
#pragma omp task shared(a)
      {
        k = k + 1;
        a[k] = 2;
      }
    }
  }
  printf("%d\n", a[4]);
  return 0;
}

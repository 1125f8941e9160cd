// expect: no race
#include <stdio.h>
int main(void) {
  int r = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(r)
    r = 10;
#pragma omp taskwait
    printf("%d\n", r);
  }
  return 0;
}
// §12.5, §15.5: a deferred task is unordered with its generator's continuation until `taskwait`.

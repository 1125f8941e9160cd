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

// expect: race 11:5 13:5
// C11 7.22.2.2p3: `srand` is not required to avoid data races with `rand`: the two sections
// (OpenMP 5.2 §11.3) may run at the same time on two threads.
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int r = 0;
#pragma omp parallel sections
  {
#pragma omp section
    srand(7);
#pragma omp section
    r = rand();
  }
  printf("%d\n", r);
  return 0;
}
// archer: no report — glibc's `srand` and `rand` take a lock, which C11 does not ask for

// expect: race 16:14 16:14
// Mutant of rand_sequential_loop.c whose loop calling `rand` is a worksharing loop
// (OpenMP 5.2 §11.5): its iterations call `rand` on different threads at the same time, which
// C11 7.22.2.1p3 does not require to be free of data races.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int a[64];
int b[64];
int main(void) {
  srand(time(NULL));
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 64; i++)
      a[i] = rand() % 10;
  }
  printf("%d\n", a[3]);
  return 0;
}
// archer: no report — glibc's `rand` takes a lock, which C11 7.22.2.1 does not ask for

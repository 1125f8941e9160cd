// expect: race 10:33 10:33
// C11 7.22.2.1p3: `rand` is not required to avoid data races with other calls of the
// pseudo-random sequence functions: the iterations of the loop (OpenMP 5.2 §11.5) call it on
// different threads at the same time, which may race on the sequence's hidden state.
#include <stdio.h>
#include <stdlib.h>
int a[100];
int main(void) {
#pragma omp parallel for
  for (int i = 0; i < 100; i++) a[i] = rand();
  printf("%d\n", a[0]);
  return 0;
}
// archer: no report — glibc's `rand` takes a lock, which C11 7.22.2.1 does not ask for

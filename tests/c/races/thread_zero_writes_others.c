// expect: race 17:7 17:7
// Mutant of thread_zero_writes.c: every thread but 0 writes `last`; with a team of three or
// more, two threads write it at the same time (OpenMP 5.2 §11.5.3: the chunks of different
// threads are not ordered).
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int i;
  int last = -1;
  double a[64];
#pragma omp parallel for
  for (i = 0; i < 64; i++) {
    a[i] = 2.0 * i;
    if (omp_get_thread_num() != 0)
      last = i;
  }
  printf("%d %f\n", last, a[5]);
  return 0;
}

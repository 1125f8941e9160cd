// expect: race-free
// Twin of firstprivate_init_taskloop.c: the barrier (OpenMP 5.2 §15.3.1) orders the `master`
// block before the `taskloop` copies `x` (§5.4.4, §12.6).
#include <stdio.h>
int main(void)
{
  int x = 0;
  int work = 0;
  int a[16];
#pragma omp parallel
  {
#pragma omp master
    {
      for (int k = 0; k < 10000; k++) work += k;
      x = 5;
    }
#pragma omp barrier
#pragma omp single
#pragma omp taskloop firstprivate(x)
    for (int i = 0; i < 16; i++)
      a[i] = x + i;
  }
  printf("%d %d\n", a[3], work);
  return 0;
}

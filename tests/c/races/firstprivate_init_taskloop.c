// expect: race 16:7 19:22
// OpenMP 5.2 §5.4.4, §12.6: the tasks of a `taskloop` copy their `firstprivate` items when the
// construct generates them; the generating `single` reads `x` then, while the `master` block
// (§10.5: no barrier) may still be writing it on thread 0.
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
#pragma omp single
#pragma omp taskloop firstprivate(x)
    for (int i = 0; i < 16; i++)
      a[i] = x + i;
  }
  printf("%d %d\n", a[3], work);
  return 0;
}
// archer: no report — found in some runs only: the copies are often made after the write

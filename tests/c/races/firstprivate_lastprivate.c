// expect: race-free
// run: inconclusive (the run does not make the last iteration's update wait for the copies)
// OpenMP 5.2 §5.4.5: a variable both `firstprivate` and `lastprivate` is updated only after
// every thread has initialised its copy from it, so those reads and the update never race.
#include <stdio.h>
int main(void)
{
  int t = 3;
  int a[64];
#pragma omp parallel
  {
#pragma omp for firstprivate(t) lastprivate(t)
    for (int i = 0; i < 64; i++) {
      a[i] = t;
      t = i;
    }
  }
  printf("%d %d\n", a[5], t);
  return 0;
}

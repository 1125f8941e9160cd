// expect: race 15:45 20:31
// run: inconclusive (the run does not make the last iteration's update wait for the copies)
// Mutant of firstprivate_lastprivate.c with `nowait` and a read of `t` after the loop: a thread
// that finishes its iterations early reads `t` while the thread of the last iteration may be
// updating it (OpenMP 5.2 §5.4.5: the update happens at the latest at the end of the construct).
#include <omp.h>
#include <stdio.h>
int main(void)
{
  int t = 3;
  int a[64];
  int b[8];
#pragma omp parallel num_threads(8)
  {
#pragma omp for firstprivate(t) lastprivate(t) nowait
    for (int i = 0; i < 64; i++) {
      a[i] = t;
      t = i;
    }
    b[omp_get_thread_num()] = t;
  }
  printf("%d %d %d\n", a[5], t, b[0]);
  return 0;
}
// archer: no report — clang 14 puts a barrier before the `lastprivate` update despite `nowait`

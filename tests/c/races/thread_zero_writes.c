// expect: race-free
// Only the iterations thread 0 runs write `last`: they run on one thread, one after another
// (OpenMP 5.2 §11.5.3: a thread runs its chunks in turn), so no two writes of `last` run at the
// same time (DataRaceBench's DRB171 pattern).
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
    if (omp_get_thread_num() == 0)
      last = i;
  }
  printf("%d %f\n", last, a[5]);
  return 0;
}

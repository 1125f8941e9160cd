// expect: race-free
// OpenMP 5.2 §10.1: a `parallel for` in a region's code starts a team for every thread of the
// region; all of them only read `b`, and each iteration writes its own local.
#include <stdio.h>
int main(void)
{
  int b[8];
  for (int i = 0; i < 8; i++)
    b[i] = i;
#pragma omp parallel num_threads(2)
  {
    int iam = omp_get_thread_num();
#pragma omp parallel for num_threads(4)
    for (int i = 0; i < 8; i++) {
      int twice = b[i] * 2;
      printf("%d %d\n", iam, twice);
    }
  }
  return 0;
}

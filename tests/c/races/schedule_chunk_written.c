// expect: race 18:19 15:34
// OpenMP 5.2 §11.5.3: every thread evaluates the chunk size when it meets the loop; iteration
// 0 writes `k` while other threads may be reading it (and the two loops need not have the same
// chunk size, so they are not fused). The proof does not model the reads of clause
// expressions, so a region that may change what one reads is not proved (ompv used to fuse the
// loops by the text of their chunk sizes and answer `verified`); running the program finds the
// race.
#include <stdio.h>
int a[100], b[100];
int main(void)
{
  int k = 4;
#pragma omp parallel
  {
#pragma omp for schedule(static, k) nowait
    for (int i = 0; i < 100; i++) {
      a[i] = i;
      if (i == 0) k = 8;
    }
#pragma omp for schedule(static, k) nowait
    for (int i = 0; i < 100; i++)
      b[i] = a[i];
  }
  printf("%d\n", b[3]);
  return 0;
}

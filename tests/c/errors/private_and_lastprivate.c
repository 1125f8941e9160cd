// OpenMP 5.2 §5.4: a list item may appear in one data-sharing attribute clause of a directive
// only (except both `firstprivate` and `lastprivate`); `t` is `private` and `lastprivate` on the
// `omp for`. (clang: "private variable cannot be lastprivate".)
#include <stdio.h>
int a[16];
int main(void)
{
  int t = 0;
#pragma omp parallel
#pragma omp for private(t) lastprivate(t)
  for (int i = 0; i < 16; i++) {
    t = i;
    a[i] = t;
  }
  printf("%d\n", t);
  return 0;
}

// OpenMP 5.2 §5.4 after §17.2's split: on `parallel for` both `reduction` and `private` apply to
// the `for` construct, so `s` is in two data-sharing attribute clauses of it.
#include <stdio.h>
int a[16];
int main(void)
{
  int s = 0;
#pragma omp parallel for reduction(+: s) private(s)
  for (int i = 0; i < 16; i++)
    s += a[i];
  printf("%d\n", s);
  return 0;
}

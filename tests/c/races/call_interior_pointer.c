// expect: race-free
// A function called from every iteration with a pointer into the middle of the array: its
// footprint, with `&a[i]` put in for `p`, is `a[i + 1]` — one element per iteration
// (OpenMP 5.2 §11.5: the iterations of a worksharing loop may run at the same time).
#include <stdio.h>
void set_next(int *p, int v) { p[1] = v; }
int main(void)
{
  int a[101];
  a[0] = 0;
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    set_next(&a[i], i);
  printf("%d\n", a[100]);
  return 0;
}

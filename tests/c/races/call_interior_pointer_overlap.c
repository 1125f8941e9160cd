// expect: race 6:32 6:39
// Mutant of call_interior_pointer.c: the callee also reads the element before the one it writes,
// which the previous iteration writes (OpenMP 5.2 §11.5: the iterations may run at the same
// time; §1.3: a write and an unordered access to one location are a data race).
#include <stdio.h>
void set_next(int *p, int v) { p[1] = p[0] + v; }
int main(void)
{
  int a[101];
  for (int i = 0; i < 101; i++)
    a[i] = 0;
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    set_next(&a[i], i);
  printf("%d\n", a[100]);
  return 0;
}

// expect: race 14:7 11:36
// Mutant of shared_and_firstprivate_compound.c: one iteration writes the shared original `x`
// through a pointer while the other threads' copies are initialised from it (OpenMP 5.2
// §17.2, §5.4.4).
#include <stdio.h>
int a[16];
int main(void)
{
  int x = 3;
  int *p = &x;
#pragma omp parallel for shared(x) firstprivate(x)
  for (int i = 0; i < 16; i++) {
    if (i == 0)
      *p = 7;
    a[i] = x + i;
  }
  printf("%d %d\n", a[1], x);
  return 0;
}
// archer: cannot run — clang 14 rejects `shared(x) firstprivate(x)` on `parallel for`, which OpenMP 5.2 §17.2 allows

// expect: race-free
// OpenMP 5.2 §17.2: on `parallel for`, `shared(x)` applies to the `parallel` construct and
// `firstprivate(x)` to the `for` construct, so this is conforming (§5.4's one-clause rule holds
// per leaf): each thread's copy starts from the shared `x`, which nobody writes in the region,
// and the writes go to the copies. (clang 14 rejects it: "firstprivate variable cannot be
// shared".)
#include <stdio.h>
int a[16];
int main(void)
{
  int x = 3;
#pragma omp parallel for shared(x) firstprivate(x)
  for (int i = 0; i < 16; i++) {
    x = x + i;
    a[i] = x;
  }
  printf("%d %d\n", a[1], x);
  return 0;
}
// archer: cannot run — clang 14 rejects `shared(x) firstprivate(x)` on `parallel for`, which OpenMP 5.2 §17.2 allows

// expect: no race
#include <stdio.h>
int main(void) {
  int p = 0, q = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(p) depend(out : p)
    p = 1;
#pragma omp task shared(q) depend(out : q)
    q = 2;
#pragma omp taskwait depend(in : p, q)
    printf("%d %d\n", p, q);
#pragma omp taskwait
  }
  return 0;
}
// §15.5: `taskwait depend` waits only for the child tasks it depends on.
// archer: cannot run — Archer 14 crashes (SEGV) on `taskwait depend(…)`

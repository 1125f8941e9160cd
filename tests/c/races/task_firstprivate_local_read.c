// expect: race-free
// A local of the generating code that both tasks use without naming it: each task's copy is
// implicitly firstprivate (OpenMP 5.2 §5.1.1) and nothing assigns the local after its
// declaration, so both copies hold its value; the tasks write different variables.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  int x = 0, y = 0;
#pragma omp parallel
  {
#pragma omp single
    {
      int k = n / 2;
#pragma omp task shared(x)
      x = k;
#pragma omp task shared(y)
      y = k + 1;
    }
  }
  printf("%d %d\n", x, y);
  return 0;
}

// expect: race-free
// Twin of firstprivate_init_sections.c: without `nowait` the `for` ends with a barrier
// (OpenMP 5.2 §11.5), so the `sections` copies (§5.4.4) are made after `x` is written.
#include <stdio.h>
int main(void)
{
  int x = 0;
  int a[2];
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 4; i++) if (i == 0) x = i + 1;
#pragma omp sections firstprivate(x)
    {
#pragma omp section
      a[0] = x;
#pragma omp section
      a[1] = x;
    }
  }
  printf("%d %d\n", a[0], a[1]);
  return 0;
}

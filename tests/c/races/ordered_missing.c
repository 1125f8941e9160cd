// expect: race 11:5 11:5
// Mutant of ordered.c without the `ordered` block: the `ordered` clause alone orders nothing
// (OpenMP 5.2 §15.10.2), and iterations may run at the same time (§11.5.3).
#include <stdio.h>
int main(void)
{
  int x = 0;
#pragma omp parallel for ordered
  for (int i = 0; i < 100; i++) {
    int y = i * 2;
    x = x + y;
  }
  printf("%d\n", x);
  return 0;
}

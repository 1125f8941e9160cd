// expect: race 13:5 14:17
// OpenMP 5.2 §5.4.4: the copies of a `firstprivate` list item are initialised from the original
// whether or not the construct's code uses them: the `for` reads `x` when it starts while the
// `single nowait` (§11.1) writes it.
#include <stdio.h>
int main(void)
{
  int x = 0;
  int a[16];
#pragma omp parallel
  {
#pragma omp single nowait
    x = 5;
#pragma omp for firstprivate(x)
    for (int i = 0; i < 16; i++)
      a[i] = i;
  }
  printf("%d %d\n", a[0], x);
  return 0;
}
// archer: no report — clang drops the copy the code never uses, and with it the read

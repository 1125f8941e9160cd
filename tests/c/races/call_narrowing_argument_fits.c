// expect: race-free
// Correct version of call_narrowing_argument.c: 200 iterations, each `i` fits in an
// `unsigned char`, so each writes its own element
// (OpenMP 5.2 §11.5: iterations of a worksharing loop may run at the same time).
#include <stdio.h>
int a[300];
void mark(int *p, unsigned char k) { p[k] = 1; }
int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < 200; i++)
    mark(a, (unsigned char)i);
  printf("%d\n", a[0]);
  return 0;
}

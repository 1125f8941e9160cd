// OpenMP 5.2 §5.5.8: a reduction item of a worksharing construct must be shared in the
// `parallel` region it binds to; `s`, declared in the region, is private to each thread.
#include <stdio.h>
int main(void)
{
#pragma omp parallel
  {
    int s = 0;
#pragma omp for reduction(+ : s)
    for (int i = 0; i < 10; i++)
      s += i;
    printf("%d\n", s);
  }
  return 0;
}

// expect: race 14:5 17:5
// OpenMP 5.2 §15.9.5: a list item names the storage it designates when the task is generated:
// `a[i]` is `a[0]` for the first task and `a[1]` for the second, so they are not ordered.
#include <stdio.h>
int main(void)
{
  int x = 0;
  int a[2];
#pragma omp parallel
#pragma omp single
  {
    int i = 0;
#pragma omp task depend(out : a[i])
    x = 1;
    i = 1;
#pragma omp task depend(out : a[i])
    x = 2;
  }
  printf("%d\n", x);
  return 0;
}

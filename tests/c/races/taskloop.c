// expect: race-free
// OpenMP 5.2 §12.6: the iterations of a `taskloop` are spread over tasks and may run at the
// same time; the loop variable is private to them (§5.1.1), and the construct's implicit
// `taskgroup` ends before the code after it reads the array (§15.4).
#include <stdio.h>
int a[100];
int main(void)
{
  int sum = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop
    for (int i = 0; i < 100; i++)
      a[i] = i;
    for (int i = 0; i < 100; i++)
      sum = sum + a[i];
  }
  printf("%d\n", sum);
  return 0;
}

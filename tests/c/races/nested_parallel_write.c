// expect: race 16:7 16:7
// OpenMP 5.2 §10.1: every thread of the outer team runs the nested `parallel for` with a team of
// its own, so iteration i of two such teams writes the same a[i] at the same time.
#include <stdio.h>
int main(void)
{
  int a[8];
  for (int i = 0; i < 8; i++)
    a[i] = 0;
#pragma omp parallel num_threads(2)
  {
    int iam = omp_get_thread_num();
    printf("%d\n", iam);
#pragma omp parallel for num_threads(4)
    for (int i = 0; i < 8; i++) {
      a[i] = i;
    }
  }
  return a[0];
}

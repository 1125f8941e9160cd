// expect: race 14:12 15:5
// Mutant of firstprivate_task_then_write.c: the first task shares `x` (OpenMP 5.2 §5.4.2), so
// its read races with the generating code's write after it (§12.5: the task may run at any
// time until the `single`'s barrier).
#include <stdio.h>
int main(void)
{
  int x = 1;
  int a[2];
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(x)
    a[0] = x;
    x = 2;
  }
  printf("%d %d\n", a[0], a[1]);
  return 0;
}
// archer: no report — found in some runs only: the generating thread often runs the task itself

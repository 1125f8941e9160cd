// OpenMP 5.2 §5.4.4: a variable private in a `parallel` region may not be `firstprivate` on a
// worksharing construct bound to that region (here `single`, and `t` is `private` on the region).
#include <stdio.h>
int main(void)
{
  int t = 1;
#pragma omp parallel private(t)
  {
    t = 2;
#pragma omp single firstprivate(t)
    printf("%d\n", t);
  }
  return 0;
}

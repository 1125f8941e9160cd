// expect: race-free
// The iterations of the loop write different elements of `a` (OpenMP 5.2 §11.5.2), a proof of
// race freedom. The read of `a[0]` after the region cannot be proved in bounds (`n` may be 0
// for some argument): a failed check of the initial thread alone, after every region (§1.2). A
// race needs two threads (§1.4.1), and the failure cuts off no race check: every path reaches
// it through the region.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int n = 100;
  if (argc > 1)
    n = atoi(argv[1]);
  double a[n];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
  printf("%f\n", a[0]);
  return 0;
}

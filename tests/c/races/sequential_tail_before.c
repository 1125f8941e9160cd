// expect: unknown
// Mutant of sequential_tail.c whose unprovable read comes before the region: the failed check
// ends the path before the region's race checks (OpenMP 5.2 §1.4.1), so race freedom is not
// proved.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int n = 100;
  if (argc > 1)
    n = atoi(argv[1]);
  double a[n];
  a[0] = 1;
  printf("%f\n", a[0]);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
  return 0;
}

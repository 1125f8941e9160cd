// expect: failed postcondition:9
// Mutant of sum_spec.c: each thread's part starts at 1, so every thread adds one too many
// (OpenMP 5.2 §5.5.8: all copies are combined).
#include <omp.h>
#include <stdio.h>

/*@ context \pointer(a, len, 1\2);
    requires len >= 0;
    ensures \result == (\sum int k; 0 <= k && k < len; a[k]); @*/
int total(int len, int a[])
{
  int i;
  int res = 0;
#pragma omp parallel private(i) reduction(+: res)
  {
    int part = 1;
#pragma omp for nowait
    for (i = 0; i < len; i++)
      //@ context Perm(a[i], 1\4);
      part += a[i];
    printf("partial sum %d\n", part);
    res += part;
  }
  return res;
}

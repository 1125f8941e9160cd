// expect: failed postcondition:9
// Mutant of sum_spec.c: the wrong operator. With `reduction(*: res)` the copies start at 1 and
// are multiplied (OpenMP 5.2 §5.5.5): the parts are not added up.
#include <omp.h>
#include <stdio.h>

/*@ context \pointer(a, len, 1\2);
    requires len >= 0;
    ensures \result == (\sum int k; 0 <= k && k < len; a[k]); @*/
int total(int len, int a[])
{
  int i;
  int res = 0;
#pragma omp parallel private(i) reduction(*: res)
  {
    int part = 0;
#pragma omp for nowait
    for (i = 0; i < len; i++)
      //@ context Perm(a[i], 1\4);
      part += a[i];
    printf("partial sum %d\n", part);
    res += part;
  }
  return res;
}

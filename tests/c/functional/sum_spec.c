// expect: verified
// The pattern of VerCors' OpenMP example `sum-spec.c`, written anew: every thread sums the
// elements its iterations of a `for nowait` loop read into a variable of its own (`part`,
// declared in the region: private to each thread, OpenMP 5.2 §5.1.1), then adds it into its
// copy of `res`, which the region reduces with `+` (§5.5.8). Each thread meets `res += part`
// once, after its iterations (a thread leaves a worksharing loop only after all its iterations,
// §11.5), so the copies together hold every element once, and the result is the sum.
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

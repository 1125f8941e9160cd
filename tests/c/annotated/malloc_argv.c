// expect: verified
// main(argc, argv) with a size read at run time, a malloc'd array filled by a parallel loop.
#include <stdio.h>
#include <stdlib.h>

/*@ context n >= 0;
    context \pointer(x, n, write);
    ensures (\forall int k; 0 <= k && k < n; x[k] == 2 * k);
@*/
void fill(int n, int *x)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    /*@ context Perm(x[i], write);
        ensures x[i] == 2 * i;
    @*/
    x[i] = 2 * i;
}

int main(int argc, char *argv[])
{
  int n = argc > 1 ? atoi(argv[1]) : 100;
  if (n < 1)
    return 1;
  int *x = malloc(n * sizeof(int));
  if (x == NULL)
    return 1;
  fill(n, x);
  //@ assert x[n - 1] == 2 * (n - 1);
  printf("%d\n", x[n - 1]);
  free(x);
  return 0;
}

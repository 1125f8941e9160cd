// expect: verified
// aliasing.c with distinct arrays only.
// (Separate allocations: the permissions of the two parameters are disjoint.)
#include <stdlib.h>

/*@ context n >= 0;
    context \pointer(a, n, write);
    context \pointer(b, n, 1\2);
    ensures (\forall int k; 0 <= k && k < n; a[k] == \old(a[k]) + b[k]);
@*/
void add(int n, int *a, int *b)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    /*@ context Perm(a[i], write);
        context Perm(b[i], 1\4);
        ensures a[i] == \old(a[i]) + b[i];
    @*/
    a[i] = a[i] + b[i];
}

int main(void)
{
  int *x = calloc(10, sizeof(int));
  int *y = calloc(10, sizeof(int));
  if (x == NULL || y == NULL)
    return 1;
  add(10, x, y);
  free(x);
  free(y);
  return 0;
}

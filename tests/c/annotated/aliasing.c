// expect: failed 29
// Parameters that may alias: add needs write permission to a and read permission to b at once,
// which a call with the same array twice cannot give.
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
  add(10, x, x);
  free(x);
  free(y);
  return 0;
}

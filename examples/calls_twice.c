// A function calling another verified function twice: calls are checked against the callee's
// contract (modular verification).
//
//   ompv verify examples/calls_twice.c

/*@
  context \pointer(a, n, write);
  ensures (\forall int k; 0 <= k && k < n; a[k] == \old(a[k]) + 1);
@*/
void increment(int n, int *a)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], write); ensures a[i] == \old(a[i]) + 1;
    a[i] = a[i] + 1;
}

/*@
  context \pointer(a, n, write);
  ensures (\forall int k; 0 <= k && k < n; a[k] == \old(a[k]) + 2);
@*/
void increment_twice(int n, int *a)
{
  increment(n, a);
  increment(n, a);
}

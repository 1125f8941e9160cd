// REJECTED (race): with `schedule(dynamic)` the `nowait` does not fuse the loops (iteration i
// of the two loops may run on different threads), so they are composed in parallel and the
// second may read b[i] before the first has written it.
//
//   ompv verify examples/fail_dynamic_nowait.c

/*@ context \pointer(a, n, 1\2) ** \pointer(b, n, write) ** \pointer(c, n, write); @*/
void dynamic_then_read(int n, int *a, int *b, int *c)
{
  #pragma omp parallel
  {
    #pragma omp for schedule(dynamic) nowait
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], 1\4) ** Perm(b[i], write); ensures b[i] == a[i] + 1;
      b[i] = a[i] + 1;

    #pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
      //@ context Perm(b[i], 1\2) ** Perm(c[i], write); ensures c[i] == 2 * b[i];
      c[i] = 2 * b[i];
  }
}

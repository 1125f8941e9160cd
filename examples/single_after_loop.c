// A `single` after a loop: the loop's implicit barrier orders every iteration before the
// single, which reads the last element the loop wrote.
//
//   ompv verify examples/single_after_loop.c

/*@
  requires n > 0;
  context \pointer(a, n, write) ** Perm(*last, write);
  ensures *last == 2 * (n - 1);
@*/
void double_then_last(int n, int *a, int *last)
{
  #pragma omp parallel
  {
    #pragma omp for
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], write); ensures a[i] == 2 * i;
      a[i] = 2 * i;

    #pragma omp single
    {
      /*@ requires n > 0;
          context Perm(a[n - 1], 1\2) ** Perm(*last, write);
          ensures a[n - 1] == \old(a[n - 1]) && *last == a[n - 1]; @*/
      *last = a[n - 1];
    }
  }
}

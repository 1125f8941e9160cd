// REJECTED (race): the loop has `nowait`, so the `single` after it runs at the same time as
// the loop's iterations, and both write a[0].
//
//   ompv verify examples/fail_single_nowait.c

/*@ requires n > 0; context \pointer(a, n, write); @*/
void loop_then_single(int n, int *a)
{
  #pragma omp parallel
  {
    #pragma omp for nowait
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], write); ensures a[i] == i;
      a[i] = i;

    #pragma omp single
    {
      //@ requires n > 0; context Perm(a[0], write); ensures a[0] == 42;
      a[0] = 42;
    }
  }
}

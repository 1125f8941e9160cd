// REJECTED (race): each iteration writes a[i] and reads a[i + 1], which the next iteration
// writes; the iterations of a `parallel for` may run at the same time.
//
//   ompv verify examples/fail_race_shift.c

/*@ context \pointer(a, n, write); @*/
void shift_left(int n, int *a)
{
  #pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    //@ context Perm(a[i], write) ** Perm(a[i + 1], 1\2);
    a[i] = a[i + 1];
}

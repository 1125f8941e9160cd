// REJECTED (race): `t` is declared outside the loop and not `private`, so all iterations share
// it and write it at the same time.
//
//   ompv verify examples/fail_shared_scalar.c

/*@ context \pointer(a, n, write); @*/
void scale(int n, int *a, int f)
{
  int t;
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], write); ensures a[i] == \old(a[i]) * f + 1;
  {
    t = a[i] * f;
    a[i] = t + 1;
  }
}

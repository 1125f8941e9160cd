// REJECTED (race): two fused loops (`nowait`, same static schedule) where iteration i of the
// second reads a[i + 1], which iteration i + 1 of the first writes — fusion only orders equal
// iterations.
//
//   ompv verify examples/fail_fused_shift.c

/*@ context \pointer(a, n, write) ** \pointer(b, n, write); @*/
void fused_shift(int n, int *a, int *b)
{
  #pragma omp parallel
  {
    #pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], write); ensures a[i] == i;
      a[i] = i;

    #pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
      //@ context Perm(b[i], write) ** (i + 1 < n ==> Perm(a[i + 1], 1\2));
    {
      if (i + 1 < n) {
        b[i] = a[i + 1];
      } else {
        b[i] = 0;
      }
    }
  }
}

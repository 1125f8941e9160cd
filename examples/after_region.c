// Sequential code after a parallel region relies on the region's postcondition.
//
//   ompv verify examples/after_region.c

/*@
  requires n > 2;
  context \pointer(a, n, write);
  ensures \result == 3;
@*/
int fill_then_read(int n, int *a)
{
  #pragma omp parallel
  {
    /*@ context \pointer(a, n, write);
        ensures (\forall int k; 0 <= k && k < n; a[k] == k + 1); @*/
    #pragma omp for
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], write); ensures a[i] == i + 1;
      a[i] = i + 1;
  }
  int x = a[2];
  return x;
}

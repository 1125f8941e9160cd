// REJECTED (region-contract): the region's contract provides only half of a, but each
// iteration needs write permission to its element.
//
//   ompv verify examples/fail_region_perm.c

/*@ context \pointer(a, n, write); @*/
void fill(int n, int *a)
{
  #pragma omp parallel
  {
    //@ context \pointer(a, n, 1\2);
    #pragma omp for
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], write); ensures a[i] == i;
      a[i] = i;
  }
}

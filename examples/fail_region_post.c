// REJECTED (region-contract): the region promises a[k] == k + 1, but the loop stores k.
//
//   ompv verify examples/fail_region_post.c

/*@ context \pointer(a, n, write); @*/
void fill(int n, int *a)
{
  #pragma omp parallel
  {
    /*@ context \pointer(a, n, write);
        ensures (\forall int k; 0 <= k && k < n; a[k] == k + 1); @*/
    #pragma omp for
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], write); ensures a[i] == i;
      a[i] = i;
  }
}

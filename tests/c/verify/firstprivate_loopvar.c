// `firstprivate` gives every thread a copy initialised once from the original (OpenMP 5.2
// §5.4.4): written in the loop, the copy an iteration starts from is whatever its thread left
// in it, so the iteration contract fails. The original is not changed (§5.3), the loop
// variable `i` has an unknown value after the region.

/*@ context \pointer(a, n, write);
    ensures (\forall int k; 0 <= k && k < n; a[k] == base + k); @*/
void offsets(int n, int *a, int base)
{
  int i;
  int b = base;
  #pragma omp parallel for firstprivate(b)
  for (i = 0; i < n; i++)
    //@ context Perm(a[i], write); ensures a[i] == b + i;
  {
    b = b + i;
    a[i] = b;
  }
  //@ assert b == base;
  //@ assert i == n;
}

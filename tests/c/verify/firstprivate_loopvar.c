// `firstprivate` copies the function's value into every iteration; a loop variable of the
// function used by a parallel loop has an unknown value after the region.

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

// expect: verified
// OpenMP 5.2 §5.4.6: with `linear(j: 2)` each iteration's private `j` starts at the original's
// value at the construct plus twice the iteration's number, whatever ran before it; so the
// iteration that writes a[i] sees j + 2 * i (`j` in the iteration contract names the original).
/*@ context n > 0;
    context \pointer(a, n, write);
    ensures (\forall int k; 0 <= k && k < n; a[k] == 3 + 2 * k); @*/
void f(int n, int *a)
{
  int j = 3;
#pragma omp parallel for linear(j: 2)
  for (int i = 0; i < n; i++)
    /*@ context Perm(a[i], write);
        ensures a[i] == j + 2 * i; @*/
  {
    a[i] = j;
    j += 2;
  }
}

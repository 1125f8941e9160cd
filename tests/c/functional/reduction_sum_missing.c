// expect: failed race:10
// Mutant of reduction_sum.c: `s` missing from the clause (OpenMP 5.2 §5.1.1: it is shared),
// so every iteration writes the same variable: a race.
/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    ensures \result == (\sum int k; 0 <= k && k < n; a[k]); @*/
int sum(int n, int *a)
{
  int s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], 1\4);
    s += a[i];
  return s;
}

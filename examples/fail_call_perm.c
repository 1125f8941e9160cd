// REJECTED (precondition): `increment` needs write permission to all of a, the caller holds
// only half of it.
//
//   ompv verify examples/fail_call_perm.c

/*@ context \pointer(a, n, write); @*/
void increment(int n, int *a)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], write); ensures a[i] == \old(a[i]) + 1;
    a[i] = a[i] + 1;
}

/*@ context \pointer(a, n, 1\2); @*/
void caller(int n, int *a)
{
  increment(n, a);
}

// expect: failed resource-invariant:12
// Mutant of critical_invariant.c that may start with a negative balance: the invariant does not
// hold where the region starts, when the lock gets its resources (OpenMP 5.2 §15.2).
/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    ensures \result >= 0; @*/
int withdraw_all(int n, int *a, int start)
{
  int balance = start;
#pragma omp parallel
  {
    //@ resource_invariant critical(bank): Perm(balance, write) ** balance >= 0;
#pragma omp for
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], 1\4);
    {
#pragma omp critical(bank)
      {
        if (balance >= a[i])
          balance = balance - a[i];
      }
    }
  }
  return balance;
}

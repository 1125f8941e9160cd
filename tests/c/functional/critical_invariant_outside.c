// expect: failed race:14
// Mutant of critical_invariant.c reading the balance outside the critical section: the lock
// holds the balance while threads run, so this read races with the updates (OpenMP 5.2 §15.2
// orders only code under the same lock).
/*@ context \pointer(a, n, 1\2);
    requires n >= 0 && start >= 0;
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
      int seen = balance;
#pragma omp critical(bank)
      {
        if (balance >= a[i])
          balance = balance - a[i];
      }
    }
  }
  return balance;
}

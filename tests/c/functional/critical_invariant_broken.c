// expect: failed resource-invariant:18
// Mutant of critical_invariant.c withdrawing without looking: the critical section may leave a
// negative balance, so the invariant does not hold again when the lock is released
// (OpenMP 5.2 §15.2; thesis ch. 6).
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
#pragma omp critical(bank)
      {
        balance = balance - a[i];
      }
    }
  }
  return balance;
}

// expect: verified
// A resource invariant of a named critical section (OpenMP 5.2 §15.2: one lock per name): the
// lock `bank` holds the balance and keeps it non-negative. A thread that enters takes the
// permission and the fact, may withdraw only what is there, and gives both back when it leaves;
// the balance after the region is non-negative. (Which withdrawals succeed depends on the
// order, so ompv does not know the final balance, only the invariant.)
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
        if (balance >= a[i])
          balance = balance - a[i];
      }
    }
  }
  return balance;
}

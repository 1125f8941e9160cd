// expect: failed race:22 postcondition:6
// Mutant of critical_invariant.c that also deposits under another name: OpenMP 5.2 §15.2
// excludes only critical regions of the same name, so the deposit may overlap a withdrawal.
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
#pragma omp critical(audit)
      balance = balance + 1;
    }
  }
  return balance;
}

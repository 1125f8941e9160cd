// A parallel region inside a sequential loop: checked in place on every round.
/*@ requires steps >= 0;
    context \pointer(a, n, write);
    ensures (\forall int k; 0 <= k && k < n; a[k] == \old(a[k]) + steps); @*/
void repeat(int steps, int n, int *a)
{
  int t = 0;
  /*@ loop_invariant 0 <= t && t <= steps;
      loop_invariant \pointer(a, n, write);
      loop_invariant (\forall int k; 0 <= k && k < n; a[k] == \old(a[k]) + t); @*/
  while (t < steps) {
    #pragma omp parallel for
    for (int i = 0; i < n; i++)
      //@ context Perm(a[i], write); ensures a[i] == \old(a[i]) + 1;
      a[i] = a[i] + 1;
    t = t + 1;
  }
}

// `return` inside a loop: the rest of the loop and of the function is skipped.

/*@ requires n >= 0;
    context \pointer(a, n, 1\2);
    ensures -1 <= \result && \result < n;
    ensures \result >= 0 ==> a[\result] > 0; @*/
int first_positive(int n, int *a)
{
  //@ loop_invariant 0 <= i && i <= n;
  //@ loop_invariant \pointer(a, n, 1\2);
  for (int i = 0; i < n; i++) {
    if (a[i] > 0) {
      return i;
    }
  }
  return -1;
}

/*@ ensures \result == 0; @*/
int wrong(int n)
{
  for (int i = 0; i < 10; i++) {
    if (i == 3) {
      return i;
    }
  }
  return 0;
}

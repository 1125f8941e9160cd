// `return` as the last statement, in both branches of a final `if`, and `if (c) { return; }`
// followed by the rest of the function.

/*@ ensures \result >= 0; @*/
int magnitude(int x)
{
  if (x < 0) {
    return -x;
  }
  return x;
}

/*@ ensures \result == (x > y ? x : y); @*/
int maximum(int x, int y)
{
  if (x > y) {
    return x;
  } else {
    return y;
  }
}

/*@ ensures \result == 1; @*/
int one(int x)
{
  int r = 0;
  if (x > 0) {
    r = 1;
    return r;
  }
  r = 1;
  return r;
}

// A function with `requires false` is not verified; calling it fails its precondition.

/*@ requires false; @*/
int unverified(int x)
{
  return x / 0;
}

int caller(int x)
{
  int r = unverified(x);
  return r;
}

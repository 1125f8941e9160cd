int f(int n)
{
  int r = 0;
  if (n > 0) goto done;
  r = 1;
  return r;
}

int twice(int (*f)(int), int x)
{
  return f(f(x));
}

union bits { int i; float f; };

int first(int n)
{
  union bits b;
  b.i = n;
  return b.i;
}

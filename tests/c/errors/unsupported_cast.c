int half(int n)
{
  int h = (int) (n / 2);
  return h;
}

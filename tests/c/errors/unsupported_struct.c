struct point { int x; int y; };

int getx(struct point p)
{
  return p.x;
}

// `_Bool` locals, parameters and results hold 0 or 1 (C11 6.3.1.2).
/*@ ensures \result == 1; @*/
_Bool positive(int x, _Bool strict)
{
  _Bool r = x > 0 || !strict;
  if (x <= 0)
    r = 1;
  return r;
}

int main(void)
{
  _Bool done = 0;
  while (!done)
    done = 1;
  _Bool p = positive(3, 1);
  //@ assert p == 1 && done != 0;
  return p;
}

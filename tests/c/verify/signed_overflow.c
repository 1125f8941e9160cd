// C11 6.5p5: a signed overflow is undefined behaviour. `ompv verify --check-overflow` proves
// that no operation of a signed type overflows: here the sum and the product stay in range
// (proved) but the increment of INT_MAX does not (line 12). Without the option, signed
// arithmetic is on unbounded integers and the program verifies.
int main(void)
{
  int x = 5;
  x = x * 2 + 1;
  //@ assert x == 11;
  int y = 2147483647;
  y = y - 1;
  y = y + 2;
  unsigned int u = 4294967295u;
  u = u + 1;
  //@ assert u == 0;
  return x + (int)u;
}

// C's `/` and `%` truncate toward zero (Viper's are Euclidean); a zero divisor is reported.

/*@ requires y != 0; ensures \result == x / y; @*/
int quotient(int x, int y)
{
  //@ assert -7 / 2 == -3;
  //@ assert -7 % 2 == -1;
  //@ assert 7 / -2 == -3;
  //@ assert 7 % -2 == 1;
  return x / y;
}

int unchecked(int x, int y)
{
  return x % y;
}

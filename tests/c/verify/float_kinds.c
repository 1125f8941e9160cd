// Floating-point values of different types are different values unless every type holds them
// exactly: `0.1f` and `0.1` differ in C, as `16777217` converted to `float` and to `double`
// do; `0.5`, `2.0` and `2` are the same everywhere. Real literals in specifications mean what
// the same constants mean in the code.
int main(void)
{
  float f = 0.1f;
  double d = 0.1;
  float g = 0.5f;
  double h = 2.0;
  float big = 16777217;
  double bigd = 16777217;
  //@ assert g == 0.5 && h == 2 && d == 0.1 && f == 0.1f;
  //@ assert f == d;
  //@ assert big == bigd;
  double s = d + h;
  //@ assert s == 0.1 + 2.0;
  float t = f + g;
  //@ assert t == 0.1 + 0.5;
  //@ assert t == 0.1f + 0.5f;
  return 0;
}

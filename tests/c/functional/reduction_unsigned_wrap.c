// expect: verified
// OpenMP 5.2 §5.5.8: the copies are combined into the original in the variable's type; 300
// increments of an `unsigned char` leave 300 mod 256 = 44 (C11 6.2.5p9).
int main(void)
{
  unsigned char s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < 300; i++)
    s += 1;
  //@ assert s == 44;
  unsigned int u = 0;
  u -= 1;
  //@ assert u == 4294967295;
  return s;
}

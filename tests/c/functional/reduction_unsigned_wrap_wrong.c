// expect: failed assertion:10
// Mutant of reduction_unsigned_wrap.c: OpenMP 5.2 §5.5.8 combines in the variable's type, so the
// sum is not 300. (ompv used to prove this assertion: it combined unbounded integers.)
int main(void)
{
  unsigned char s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < 300; i++)
    s += 1;
  //@ assert s == 300;
  return s;
}

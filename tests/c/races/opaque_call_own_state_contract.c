// expect: race-free
// opaque_call_own_state.c with a contract on the prototype: the user states that `tick` needs
// no permission, which ompv trusts (it cannot check another file), so calls on different
// threads touch nothing in common and the loop is race-free (OpenMP 5.2 §11.5.2).
// run: inconclusive (the run cannot execute a function without a body)
// archer: cannot run — `tick` is defined in no file of the test (with a definition that only
// reads its argument, clang 14 and Archer build it and report no race)
/*@ requires true; @*/
void tick(int k);
int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < 64; i++)
    tick(i);
  return 0;
}

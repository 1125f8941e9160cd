// expect: unknown
// OpenMP 5.2 §3.4 and §10.1.1: with `if(n > 1000)` false the region runs with one thread and has
// no race; when it is true every thread writes `x`. ompv checks the region as if it ran with a
// team and finds the conflict, but does not report it as certain.
int main(int argc, char *argv[])
{
  int n = argc * 100;
  int x = 0;
#pragma omp parallel if (n > 1000)
  {
    x = n;
  }
  return x;
}

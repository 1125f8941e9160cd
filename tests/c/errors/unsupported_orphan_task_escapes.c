// A task outside any parallel region, in a function other than `main`, that nothing waits
// for: it may still run after the call returns (OpenMP 5.2 §12.9), so ompv cannot check the
// caller's code as if it had finished.
int x;

void start(void)
{
#pragma omp task
  x = 1;
}

int main(void)
{
  start();
  return x;
}

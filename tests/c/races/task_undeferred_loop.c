// expect: race-free
// OpenMP 5.2 §12.5: a task whose `if` clause is false is undeferred: the thread that meets it
// waits until it completes. Generated in a loop of one `section`, each task runs before the next
// iteration, so the increments of `var` are ordered (and no other section touches it).
int main(void)
{
  int var = 0;
  int other = 0;
#pragma omp parallel sections
  {
#pragma omp section
    {
      int n = 10;
      for (int i = 0; i < n; i++) {
#pragma omp task shared(var) if (0)
        {
          var++;
        }
      }
    }
#pragma omp section
    other = 1;
  }
  return var + other;
}

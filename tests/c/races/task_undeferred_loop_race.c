// expect: race 17:11 22:5
// Mutant of task_undeferred_loop.c whose second section also writes `var`: the undeferred tasks
// are ordered with their own section's code only (OpenMP 5.2 §12.5), not with the other section
// (§11.3: sections run at the same time).
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
    var = 1;
  }
  return var + other;
}

// OpenMP 5.2 §12.5, §3.4: the thread that meets the task evaluates its `if` condition, reading
// `x`, while the other `single` (no barrier between them) may write it: a race the proof does
// not see, since it does not model the reads of clause expressions. A region that may change
// what a clause expression reads is therefore not verified.
int main(void)
{
  int x = 1, y = 0;
#pragma omp parallel
  {
#pragma omp single nowait
    {
#pragma omp task if (x > 0)
      y = 1;
    }
#pragma omp single nowait
    x = 0;
  }
  return y;
}

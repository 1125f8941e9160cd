// OpenMP 5.2 §15.9.5: a `depend` list item is evaluated when the task is generated: `a[i]`
// reads `i`, which the other `single` may be writing at that time. The proof does not model
// the reads of clause expressions, so the region is not verified.
int main(void)
{
  int i = 0, y = 0;
  int a[4];
#pragma omp parallel
  {
#pragma omp single nowait
    {
#pragma omp task depend(out : a[i])
      y = 1;
    }
#pragma omp single nowait
    i = 2;
  }
  return y + a[0];
}

// expect: race 15:9:W 18:18:R
// Twin of task_copies_single_copy.c: with `shared(x)` the task writes the `single`'s own copy
// of `x` (OpenMP 5.2 §5.4.2), which the `single` reads at the same time.
int x;
int a[4];
int t;
int main(void)
{
#pragma omp parallel
  {
#pragma omp single firstprivate(x)
    {
#pragma omp task shared(x)
      {
        x = x + 1;
        a[1] = x;
      }
      t = a[3] + x;
    }
  }
  return a[1] + t;
}

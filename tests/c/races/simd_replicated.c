// expect: race 11:7 11:7
// OpenMP 5.2 §10.4: `simd` is not a worksharing construct; inside `parallel` every thread of the
// team runs every iteration, so all threads write every a[i].
int main(void)
{
  int a[100];
#pragma omp parallel
  {
#pragma omp simd
    for (int i = 0; i < 100; i++)
      a[i] = a[i] + 1;
  }
  return a[0];
}

// expect: race 11:7 14:14
// Mutant of loops_barrier.c with `nowait` on the first loop (OpenMP 5.2 §11.5): without the
// barrier, b[i] = a[i + 1] may read an element another thread is still writing.
int main(void)
{
  int a[101], b[100];
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < 101; i++)
      a[i] = i;
#pragma omp for
    for (int i = 0; i < 100; i++)
      b[i] = a[i + 1];
  }
  return b[0];
}

// expect: race-free
// OpenMP 5.2 §11.5: a worksharing loop without `nowait` ends with a barrier, so the second loop
// reads only elements the first loop has finished writing.
int main(void)
{
  int a[101], b[100];
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 101; i++)
      a[i] = i;
#pragma omp for
    for (int i = 0; i < 100; i++)
      b[i] = a[i + 1];
  }
  return b[0];
}

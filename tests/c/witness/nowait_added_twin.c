// expect: no race
int a[100], b[100];
int main(void) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 100; i++)
      a[i] = i;
#pragma omp for
    for (int i = 0; i < 100; i++)
      b[i] = a[99 - i];
  }
  return b[0];
}
// §11.5: `nowait` removes the implicit barrier at the end of the worksharing loop.

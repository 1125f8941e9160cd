// expect: race 8:5:W 11:14:R
int x;
int y[4];
int main(void) {
#pragma omp parallel num_threads(4)
  {
#pragma omp master
    x = 42;
#pragma omp for
    for (int i = 0; i < 4; i++)
      y[i] = x;
  }
  return y[1];
}
// §10.5: `master`/`masked` has no implied barrier.

// expect: no race
int x;
int y[4];
int main(void) {
#pragma omp parallel num_threads(4)
  {
#pragma omp single
    x = 7;
#pragma omp for
    for (int i = 0; i < 4; i++)
      y[i] = x + i;
  }
  return y[1];
}
// §11.1: `single nowait` has no barrier at its end.

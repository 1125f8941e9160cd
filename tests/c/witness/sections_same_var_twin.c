// expect: no race
int r1, r2;
int main(void) {
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    r1 = 1;
#pragma omp section
    r2 = 2;
  }
  return r1 + r2;
}
// §11.3: sections run on different threads, unordered.

// expect: race 7:5:W 9:5:W
int result;
int main(void) {
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    result = 1;
#pragma omp section
    result = 2;
  }
  return result;
}
// §11.3: sections run on different threads, unordered.

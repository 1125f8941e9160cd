// expect: no race
int count;
int main(void) {
#pragma omp parallel sections
  {
#pragma omp section
    {
#pragma omp critical(alpha)
      count += 1;
    }
#pragma omp section
    {
#pragma omp critical(alpha)
      count += 2;
    }
  }
  return count;
}
// §15.2: critical regions with different names do not exclude each other.

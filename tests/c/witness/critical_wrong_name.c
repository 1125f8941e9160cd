// expect: race 9:7:W 14:7:R; 9:7:W 14:7:W
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
#pragma omp critical(beta)
      count += 2;
    }
  }
  return count;
}
// §15.2: critical regions with different names do not exclude each other.
// archer: no report — in most runs the two `critical` regions do not overlap

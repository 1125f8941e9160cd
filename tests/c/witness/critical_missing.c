// expect: race 6:5:W 6:5:W; 6:5:W 6:13:R
int count;
int main(void) {
#pragma omp parallel num_threads(4)
  {
    count = count + 1;
  }
  return count;
}
// §15.2: unsynchronised read-modify-write of a shared variable by every thread.

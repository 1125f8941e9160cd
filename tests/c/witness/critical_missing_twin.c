// expect: no race
int count;
int main(void) {
#pragma omp parallel num_threads(4)
  {
#pragma omp critical
    count = count + 1;
  }
  return count;
}
// §15.2: unsynchronised read-modify-write of a shared variable by every thread.

// expect: race-free
// OpenMP 5.2 §15.8.4: atomic accesses to the same location do not race with each other.
int main(void)
{
  int count = 0;
  int a[64];
#pragma omp parallel for
  for (int i = 0; i < 64; i++) {
    a[i] = i % 3;
    if (a[i] == 0) {
#pragma omp atomic
      count++;
    }
  }
  return count;
}

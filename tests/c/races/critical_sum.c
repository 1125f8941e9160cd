// expect: race-free
// OpenMP 5.2 §15.2: at most one thread at a time runs a critical region of a given name, so the
// updates of `sum` never overlap.
int main(void)
{
  int a[100];
  int sum = 0;
  for (int i = 0; i < 100; i++)
    a[i] = i;
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
#pragma omp critical
    sum = sum + a[i];
  }
  return sum;
}

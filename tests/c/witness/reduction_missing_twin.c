// expect: no race
int a[100];
int main(void) {
  int sum = 0;
  for (int i = 0; i < 100; i++) a[i] = i;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < 100; i++)
    sum += a[i];
  return sum == 4950 ? 0 : 1;
}
// §5.5.8: without `reduction`, the accumulator is one shared variable.

// expect: no race
int a[100], b[100];
int main(void) {
  int tmp;
#pragma omp parallel for private(tmp)
  for (int i = 0; i < 100; i++) {
    tmp = a[i] * 2;
    b[i] = tmp + 1;
  }
  return b[5];
}

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
// §5.1.1, §5.4.3: a temporary declared outside the loop is shared; `private` gives each thread its own.

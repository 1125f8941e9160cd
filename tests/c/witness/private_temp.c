// expect: race 7:5:W 7:5:W; 7:5:W 8:12:R
int a[100], b[100];
int main(void) {
  int tmp;
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
    tmp = a[i] * 2;
    b[i] = tmp + 1;
  }
  return b[5];
}
// §5.1.1, §5.4.3: a temporary declared outside the loop is shared; `private` gives each thread its own.

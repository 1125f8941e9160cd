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

// expect: race 8:5:W 8:5:W
int a[50];
int main(void) {
  int last = 0;
#pragma omp parallel for
  for (int i = 0; i < 50; i++) {
    a[i] = i;
    last = a[i];
  }
  return last;
}
// §5.4.5: `lastprivate` copies the sequentially last iteration's value out; a shared variable races.

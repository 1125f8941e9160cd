// expect: no race
int a[50];
int main(void) {
  int last = 0;
#pragma omp parallel for lastprivate(last)
  for (int i = 0; i < 50; i++) {
    a[i] = i;
    last = a[i];
  }
  return last == 49 ? 0 : 1;
}
// §5.4.5: `lastprivate` copies the sequentially last iteration's value out; a shared variable races.

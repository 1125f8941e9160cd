// expect: no race
int seq[40];
int n;
int main(void) {
#pragma omp parallel for ordered
  for (int i = 0; i < 40; i++) {
#pragma omp ordered
    {
      seq[n] = i;
      n = n + 1;
    }
  }
  return n;
}
// §15.10.2: `ordered` regions of a loop run in iteration order.

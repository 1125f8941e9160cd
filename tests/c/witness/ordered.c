// expect: race 7:9:R 8:5:W; 8:5:W 8:5:W; 8:5:W 8:9:R
int seq[40];
int n;
int main(void) {
#pragma omp parallel for ordered
  for (int i = 0; i < 40; i++) {
    seq[n] = i;
    n = n + 1;
  }
  return n;
}
// §15.10.2: `ordered` regions of a loop run in iteration order.

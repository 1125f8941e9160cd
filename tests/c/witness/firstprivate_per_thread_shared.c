// expect: race 7:5:W 7:5:W; 7:5:W 7:12:R; 7:5:W 8:14:R
int out[64];
int main(void) {
  int base = 5;
#pragma omp parallel for
  for (int i = 0; i < 64; i++) {
    base = base + 1;
    out[i] = base;
  }
  return out[0];
}
// §5.4.4: `firstprivate` gives each thread its own copy, initialised once from the original.

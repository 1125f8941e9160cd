// expect: no race
int out[64];
int main(void) {
  int base = 5;
#pragma omp parallel for firstprivate(base)
  for (int i = 0; i < 64; i++) {
    base = base + 1;
    out[i] = base;
  }
  return out[0];
}
// §5.4.4: `firstprivate` gives each thread its own copy, initialised once from the original.

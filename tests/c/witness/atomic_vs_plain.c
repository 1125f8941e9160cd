// expect: race 8:7:R 10:7:W; 8:7:W 10:7:R; 8:7:W 10:7:W; 10:7:R 10:7:W; 10:7:W 10:7:W
int hits;
int main(void) {
#pragma omp parallel for
  for (int i = 0; i < 16; i++) {
    if (i % 2 == 0) {
#pragma omp atomic
      hits += 1;
    } else {
      hits += 1;
    }
  }
  return hits;
}
// §15.8.4: atomic accesses do not race with each other, but do with plain ones.

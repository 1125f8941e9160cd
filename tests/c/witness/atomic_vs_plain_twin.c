// expect: no race
int hits;
int main(void) {
#pragma omp parallel for
  for (int i = 0; i < 16; i++) {
    if (i % 2 == 0) {
#pragma omp atomic
      hits += 1;
    } else {
#pragma omp atomic update
      hits += 1;
    }
  }
  return hits;
}
// §15.8.4: atomic accesses do not race with each other, but do with plain ones.

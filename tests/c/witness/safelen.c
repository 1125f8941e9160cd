// expect: race 6:5:W 6:12:R
float a[64];
int main(void) {
#pragma omp simd safelen(8)
  for (int i = 4; i < 64; i++)
    a[i] = a[i - 4] * 2.0f;
  return (int)a[63];
}
// §10.4 (`safelen`): iterations at a distance of at least `safelen` are ordered; closer ones may be concurrent.
// archer: no report — the race is between SIMD lanes of one thread, which it cannot see

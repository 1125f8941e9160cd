// expect: race 6:5:W 6:12:R
float a[32];
int main(void) {
#pragma omp simd
  for (int i = 1; i < 32; i++)
    a[i] = a[i - 1] + 1.0f;
  return (int)a[31];
}
// §10.4: iterations of a `simd` loop may run concurrently in SIMD lanes.
// archer: no report — the race is between SIMD lanes of one thread, which it cannot see

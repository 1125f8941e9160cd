// expect: race-free
// Comparisons of `float` values (C11 6.5.8, 6.5.9) in a worksharing loop: each iteration reads
// and writes only its own element (OpenMP 5.2 §11.5.2), so the loop is race-free. Comparisons do
// not round, so they are the same operation for every floating type; ompv once named a `float`
// comparison as a per-type operation that did not exist, and the Viper program did not check.
#define N 64
float a[N];
int main(void)
{
  for (int i = 0; i < N; i++)
    a[i] = i - 32;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    if (a[i] < 0.f || a[i] >= 30.f)
      a[i] = 0.f;
    if (a[i] != a[i])
      a[i] = 1.f;
  }
  return (int)a[1];
}

// expect: race 13:16 14:7
// Mutant of float_compare.c: iteration i compares its element with the next one, which
// iteration i + 1 may write at the same time (OpenMP 5.2 §11.5.2: `a` is shared, §5.1.1, and
// the iterations are unordered): a race.
#define N 64
float a[N];
int main(void)
{
  for (int i = 0; i < N; i++)
    a[i] = i - 32;
#pragma omp parallel for
  for (int i = 0; i < N - 1; i++) {
    if (a[i] < a[i + 1])
      a[i] = 0.f;
  }
  return (int)a[1];
}

// C11 6.5p5 with OpenMP 5.2 §11.5.2: the index `i * n + j` of every iteration stays below
// n * n = 10000 for i, j < n = 100; `--check-overflow` proves it without any annotation (the
// bound `n` is a constant the region does not change).
#define N 100
int a[N * N];

int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i * N + j] = i + j;
  return 0;
}

// expect: race-free
// Macros in clauses mean their values, as compilers expand them in `omp` pragmas: a team of
// `NT` threads, chunks of `CHUNK`, and a reduction over the whole array `hist[0:K]`
// (OpenMP 5.2 §5.5.8: each thread combines into a private copy of `hist`; §3.2.5: the section
// covers all `K` elements). The next two loops have the same static schedule, so with `nowait`
// each thread reads in the second loop only what it wrote in the first (§11.5.3).
#include <stdio.h>
#define N 64
#define K 8
#define NT 4
#define CHUNK 4
int main(void)
{
  int hist[K], a[N], b[N];
  for (int k = 0; k < K; k++)
    hist[k] = 0;
#pragma omp parallel for num_threads(NT) schedule(static, CHUNK) reduction(+: hist[0:K])
  for (int i = 0; i < N; i++)
    hist[i % K] += 1;
#pragma omp parallel num_threads(NT)
  {
#pragma omp for schedule(static, CHUNK) nowait
    for (int i = 0; i < N; i++)
      a[i] = i;
#pragma omp for schedule(static, 4)
    for (int i = 0; i < N; i++)
      b[i] = a[i] + 1;
  }
  printf("%d %d\n", hist[3], b[5]);
  return 0;
}

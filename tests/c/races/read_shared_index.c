// expect: race-free
// Iterations read locations several of them share (`a[i % 2]`, `a[i / 4]`, and `w[t / 2]` on
// thread t): reads never race with reads (OpenMP 5.2 §1.3, a data race needs a write), so each
// iteration holds a fraction of the whole object. The iterations write only their own `b[i]`.
#include <omp.h>
#include <stdio.h>
#define N 64

double a[N], b[N], w[8];

int main(void)
{
  int i;
#pragma omp parallel num_threads(8)
  {
#pragma omp for
    for (i = 0; i < N; i++)
      b[i] = a[i % 2] + a[i / 4] + w[omp_get_thread_num() / 2];
  }
  printf("%f\n", b[3]);
  return 0;
}

// OpenMP 5.2 §5.4.5: a variable private in a `parallel` region (here `tid`, declared in it)
// may not be `lastprivate` on a worksharing construct bound to that region: the program does
// not conform (clang rejects it too: "lastprivate variable must be shared").
#include <omp.h>
#include <stdio.h>
#define N 100
double a[N];
double partial[8];

int main(void)
{
  int i;
#pragma omp parallel num_threads(8)
  {
    int tid = omp_get_thread_num();
#pragma omp for lastprivate(tid)
    for (i = 0; i < N; i++)
      a[i] = i;
#pragma omp for
    for (i = 0; i < N; i++)
    {
      partial[tid] += a[i];
    }
  }
  printf("%f\n", partial[0]);
  return 0;
}

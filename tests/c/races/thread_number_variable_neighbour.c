// expect: race 19:5 22:7
// Mutant of thread_number_variable.c: each thread clears the next thread's slot while that
// thread, with no barrier in between, may already add its iterations to it (OpenMP 5.2 §11.5:
// no barrier at the start of a worksharing loop; §1.3: unordered write and write, a race).
//
//
#include <omp.h>
#include <stdio.h>
#define N 1000
double a[N];
double partial[8];

int main(void)
{
  int i;
#pragma omp parallel num_threads(8)
  {
    int tid = omp_get_thread_num();
    partial[(tid + 1) % 8] = 0;
#pragma omp for
    for (i = 0; i < N; i++)
      partial[tid] += a[i];
  }
  double s = 0;
  for (i = 0; i < 8; i++)
    s += partial[i];
  printf("%f\n", s);
  return 0;
}

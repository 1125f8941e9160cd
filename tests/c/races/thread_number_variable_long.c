// expect: race-free
// thread_number_variable.c with the thread's number in a `long` and copied once more
// (`long tid = omp_get_thread_num(); int me = tid;`): conversions to integer types of rank
// `int` or more keep every thread number (OpenMP 5.2 §18.2.4: a number below the team size,
// an `int`), so `me` is still the number of the thread that runs the iteration (§11.5), and
// each thread adds its iterations to its own slot in its program order (§11.5.3).
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
    long tid = omp_get_thread_num();
    int me = tid;
    partial[me] = 0;
#pragma omp for
    for (i = 0; i < N; i++)
      partial[me] += a[i];
  }
  double s = 0;
  for (i = 0; i < 8; i++)
    s += partial[i];
  printf("%f\n", s);
  return 0;
}

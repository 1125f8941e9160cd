// expect: race 15:5 16:12
// The mutant of simd_forward.c as `parallel for simd`: the iterations are divided among the
// threads of a team (OpenMP 5.2 §11.5) before each thread runs its own in SIMD chunks, so
// iterations i - 1 and i may run on two threads, where nothing orders them.
#include <stdio.h>
int main(void)
{
  int a[101], b[101];
  for (int i = 0; i <= 100; i++) {
    a[i] = i;
    b[i] = 0;
  }
#pragma omp parallel for simd
  for (int i = 1; i < 100; i++) {
    a[i] = a[i] + 1;
    b[i] = a[i - 1];
  }
  printf("%d\n", b[50]);
  return 0;
}

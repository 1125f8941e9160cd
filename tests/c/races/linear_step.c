// expect: race 11:15 11:5
// Mutant of linear.c with step 1 and two elements per iteration: iteration i writes c[5 + i]
// and c[6 + i], so iterations i and i + 1 both write c[6 + i] (OpenMP 5.2 §5.4.6).
#include <stdio.h>
int c[200];
int main(void)
{
  int j = 5;
#pragma omp parallel for linear(j: 1)
  for (int i = 0; i < 50; i++) {
    c[j] = i; c[j + 1] = i;
  }
  printf("%d\n", c[7]);
  return 0;
}

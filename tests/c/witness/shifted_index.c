// expect: race 8:5:W 8:12:R
#include <stdio.h>
int main(void) {
  int a[64];
  for (int i = 0; i < 64; i++) a[i] = i;
#pragma omp parallel for
  for (int i = 0; i < 63; i++)
    a[i] = a[i + 1] + 1;
  printf("%d\n", a[0]);
  return 0;
}
// OpenMP 5.2 §11.5: iterations of a worksharing loop run on different threads, unordered.

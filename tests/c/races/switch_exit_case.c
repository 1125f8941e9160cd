// expect: race-free
// A `case` that ends with `exit` does not fall into the next one: `exit` never returns to its
// caller (C11 7.22.4.4p6), as `abort` does not (7.22.4.1p2). The switch reads the command line
// before the region; the loop's iterations write disjoint elements (OpenMP 5.2 §11.5.2).
#include <stdlib.h>
#define N 64
int main(int argc, char **argv)
{
  int scale = 1;
  double a[N];
  switch (argc) {
  case 1:
    break;
  case 2:
    scale = 2;
    break;
  case 9:
    abort();
  default:
    exit(1);
  }
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    a[i] = i * scale;
  return a[1] > 2.0;
}

// expect: race-free
// A struct with an array member: each iteration writes its own element of `grid.cells` and
// reads the scalar member `grid.scale`, which no iteration writes
// (OpenMP 5.2 §11.5: the iterations may run at the same time; §1.3: reads do not race).
#include <stdio.h>
#define N 32
struct grid_t {
  double scale;
  double cells[N];
} grid;
int main(void)
{
  grid.scale = 2.0;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    grid.cells[i] = grid.scale * i;
  printf("%f\n", grid.cells[3]);
  return 0;
}

// expect: race 15:5 15:5
// Mutant of struct_member_array.c: every iteration also writes the shared member `grid.scale`
// that the others read (OpenMP 5.2 §11.5; §1.3: a write and an unordered access of one
// location race).
#include <stdio.h>
#define N 32
struct grid_t {
  double scale;
  double cells[N];
} grid;
int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    grid.scale = grid.scale + 1.0;
    grid.cells[i] = i;
  }
  printf("%f\n", grid.cells[3]);
  return 0;
}

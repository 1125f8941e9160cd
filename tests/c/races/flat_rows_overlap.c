// expect: race 21:7 21:7
// Rows of a flat rows-by-cols block written one per iteration, but the inner loop runs one
// element too far (j <= cols): the last element iteration i writes, i * cols + cols, is the
// first of row i + 1, which iteration i + 1 writes; the worksharing loop may run the two on
// different threads at the same time (OpenMP 5.2 §11.5).
#include <stdlib.h>

int main(int argc, char *argv[])
{
  int rows = 100, cols = 50;
  if (argc > 2) {
    rows = atoi(argv[1]);
    cols = atoi(argv[2]);
  }
  if (rows <= 0 || cols <= 0)
    return 1;
  int *a = malloc((rows * cols + 1) * sizeof(int));
#pragma omp parallel for
  for (int i = 0; i < rows; i++)
    for (int j = 0; j <= cols; j++)
      a[i * cols + j] = i;
  free(a);
  return 0;
}

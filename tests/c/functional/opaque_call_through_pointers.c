// expect: unknown
// A function without body or contract given an array of row pointers may write the rows too,
// which ompv does not bound (c::opaque): the call itself makes the answer `unknown`, though
// the program is race-free (OpenMP 5.2 §11.5.2: each iteration writes its own row's element).
#include <stdlib.h>
void fill_rows(double **rows, int n);
int main(void)
{
  double *rows[4];
  for (int i = 0; i < 4; i++)
    rows[i] = malloc(8 * sizeof(double));
  fill_rows(rows, 4);
#pragma omp parallel for
  for (int i = 0; i < 4; i++)
    rows[i][0] = 1.0;
  for (int i = 0; i < 4; i++)
    free(rows[i]);
  return 0;
}

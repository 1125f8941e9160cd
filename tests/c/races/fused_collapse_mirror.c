// expect: race 17:9 21:19
// OpenMP 5.2 §11.5.3 puts the same *logical iteration* of the two loops on one thread; with
// `collapse(2)` that is the pair (i, j), not the row i: a schedule may split a row between
// two threads (15 iterations on 4 threads in chunks of 4: row 0 is split after (0, 3)).
// Iteration (i, j) of the second loop reads what (i, 4 - j) of the first wrote, which another
// thread may be running: a race (ompv used to order every two iterations of one row, and
// missed it).
#include <stdio.h>
int a[3][5], b[3][5];
int main(void)
{
#pragma omp parallel
  {
#pragma omp for collapse(2) schedule(static) nowait
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 5; j++)
        a[i][j] = i + j;
#pragma omp for collapse(2) schedule(static) nowait
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 5; j++)
        b[i][j] = a[i][4 - j];
  }
  printf("%d\n", b[2][2]);
  return 0;
}

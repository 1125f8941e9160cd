// expect: unknown
// run: inconclusive (the run does not model doacross loops)
// Race-free by OpenMP 5.2 §15.10.1: iteration (i, j) waits for (i - 1, j) to reach its
// `depend(source)`, which comes after the write that (i, j) reads. ompv drops doacross
// dependences (it keeps only what makes a proof of race freedom sound), cannot prove this
// program, and its run of the program does not model doacross loops: no answer.
int a[100][100];
int main(void)
{
  int i, j;
#pragma omp parallel for ordered(2)
  for (i = 1; i < 100; i++)
    for (j = 0; j < 100; j++) {
#pragma omp ordered depend(sink: i - 1, j)
      a[i][j] = a[i - 1][j] + 1;
#pragma omp ordered depend(source)
    }
  return 0;
}

// expect: unknown
// run: inconclusive (the run does not model doacross loops)
// Mutant of doacross_dependence.c without the doacross dependences: iteration (i, j) reads
// what iteration (i - 1, j) writes, and nothing orders them (OpenMP 5.2 §11.5.3, §15.10.1) — a
// race. `ordered(2)` partitions only the outer loop (§4.4.4), which ompv over-approximates by
// running both loops' iterations at the same time: the race it finds (a[i - 1][j] read while
// iteration i - 1 writes it) is real here, but is reported as undecided, never race-free.
int a[100][100];
int main(void)
{
  int i, j;
#pragma omp parallel for ordered(2)
  for (i = 1; i < 100; i++)
    for (j = 0; j < 100; j++) {

      a[i][j] = a[i - 1][j] + 1;

    }
  return 0;
}

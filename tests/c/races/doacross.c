// expect: race-free
// run: inconclusive (the run does not model doacross loops)
// OpenMP 5.2 §4.4.1, §5.1.1: `ordered(2)` associates both loops with the construct, so `j` is
// private too; every iteration writes its own element. The doacross dependences
// (§15.10.1) only add order.
int a[100][100];
int main(void)
{
  int i, j;
#pragma omp parallel for ordered(2)
  for (i = 0; i < 100; i++)
    for (j = 0; j < 100; j++) {
#pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
      a[i][j] = a[i][j] + 1;
#pragma omp ordered depend(source)
    }
  return 0;
}

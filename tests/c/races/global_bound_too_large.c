// expect: unknown
// The mutant of global_bound.c whose global bound exceeds the array: the region reads
// `n == 101` at its start, and the last iteration (OpenMP 5.2 §11.5.2: every iteration of the
// range runs) needs `a[100]`, which does not exist: not verified.
int n = 101;
double a[100];

int main()
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
  return 0;
}

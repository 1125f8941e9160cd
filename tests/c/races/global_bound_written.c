// expect: unknown
// Mutant of global_bound.c: `main` sets `n` to 40 before the calls, past the arrays' 32 rows. `n`
// is no longer a constant, and the loops may access rows that do not exist: not race-free by
// proof (OpenMP 5.2 §11.5 loops over rows 0..39), and no run of the model finds a race.
//
#define SIZE 32
int n = SIZE, m = SIZE, steps = 4;
double u[SIZE][SIZE], old[SIZE][SIZE];

void initialize(void)
{
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      u[i][j] = i + j;
}

void sweep(void)
{
  int i, j, k;
  k = 0;
  while (k < steps) {
#pragma omp parallel
    {
#pragma omp for private(j)
      for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
          old[i][j] = u[i][j];
#pragma omp for private(j)
      for (i = 1; i < n - 1; i++)
        for (j = 1; j < m - 1; j++)
          u[i][j] = (old[i - 1][j] + old[i + 1][j] + old[i][j - 1] + old[i][j + 1] + old[i][j]) / 5.0;
    }
    k = k + 1;
  }
}

int main(void)
{
  n = 40;
  initialize();
  sweep();
  return 0;
}

// expect: race-free
// Loops bounded by globals that nothing changes (`n`, `m`, `steps`): the functions and loops know
// their values (checked at each call, never assumed). In each step the copy and the five-point
// stencil are worksharing loops of one region (OpenMP 5.2 §11.5): the barrier after the copy
// orders it before the stencil's reads of `old`, and each iteration writes its own row of `u`.
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
  initialize();
  sweep();
  return 0;
}

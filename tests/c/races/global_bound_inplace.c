// expect: race 32:11 32:24
// Mutant of global_bound.c whose stencil writes `old` in place: iteration i writes row i of `old`
// while iterations i - 1 and i + 1 (OpenMP 5.2 §11.5: any two may run at the same time) read it.
//
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
          old[i][j] = (old[i - 1][j] + old[i + 1][j] + old[i][j - 1] + old[i][j + 1] + old[i][j]) / 5.0;
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

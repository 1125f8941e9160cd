// expect: race 21:9 21:9
// Mutant of phase_loop_carried.c: every iteration of the worksharing loop writes `a[k]`
// (OpenMP 5.2 §11.5: iterations run on different threads). ompv checks each step for any value
// of `k` (which it does not carry from step to step), so its proof only says "may race"; the
// race is confirmed by running the program.
#define N 64
int a[N];

int main(int argc, char **argv)
{
  int i, t, k;
  for (i = 0; i < N; i++)
    a[i] = 0;
#pragma omp parallel private(t, k)
  {
    for (t = 0; t < 4; t++) {
      if (t == 0)
        k = 1;
#pragma omp for
      for (i = 0; i < N; i++)
        a[k] = i;
    }
  }
  return a[0];
}

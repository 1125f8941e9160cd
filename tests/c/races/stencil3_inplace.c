// expect: race 15:5 15:12
// Mutant of stencil3.c updating `a` in place: iteration i writes a[i] while iteration i + 1,
// which may run at the same time (OpenMP 5.2 §11.5), reads it as its a[i - 1].
//
#define N 100
double a[N], b[N];

int main(int argc, char **argv)
{
  int i;
  for (i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel for
  for (i = 1; i < N - 1; i++)
    a[i] = a[i - 1] + a[i] + a[i + 1];
  return (int) b[1];
}

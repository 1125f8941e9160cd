// expect: race-free
// A three-point stencil: iteration i reads a[i - 1], a[i], a[i + 1] and writes b[i]. Each a[k] is
// read by up to three iterations, which may run at the same time (OpenMP 5.2 §11.5); reads do not
// race with each other, and each iteration writes its own b[i].
#define N 100
double a[N], b[N];

int main(int argc, char **argv)
{
  int i;
  for (i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel for
  for (i = 1; i < N - 1; i++)
    b[i] = a[i - 1] + a[i] + a[i + 1];
  return (int) b[1];
}

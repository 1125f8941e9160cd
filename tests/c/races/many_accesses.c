// expect: race-free
// A loop body reading one array at many places (unrolled or tiled code): beyond 16 accesses to
// one object, ompv's footprint of them is the whole object (half a permission for reads), which
// keeps the inferred contracts small; every iteration writes only its own element of b
// (OpenMP 5.2 §11.5: the iterations may run at the same time).
#define N 64
double a[N + 20], b[N];

int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    b[i] = a[i] + a[i + 1] + a[i + 2] + a[i + 3] + a[i + 4] + a[i + 5] + a[i + 6] + a[i + 7]
           + a[i + 8] + a[i + 9] + a[i + 10] + a[i + 11] + a[i + 12] + a[i + 13] + a[i + 14]
           + a[i + 15] + a[i + 16] + a[i + 17] + a[i + 18] + a[i + 19];
  return 0;
}

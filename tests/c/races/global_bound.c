// expect: race-free
// A global bound the region only reads: no code changes it while the region runs
// (OpenMP 5.2 §10.1: only the primary thread continues after the region's implied barrier),
// so the region reads its value at the start, 100 here, and the loop stays within `a`.
int n = 100;
double scale = 0.5;
double a[100];

int main()
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = scale * i;
  return 0;
}

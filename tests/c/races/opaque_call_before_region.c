// expect: race-free
// A function of another file (a prototype, no contract) is called before the region: ompv takes
// it to write all of `a` and every global (c::opaque), all of it before the team starts, so it
// cannot race (OpenMP 5.2 §12.1: the region's threads start at the construct). The loop's
// iterations write disjoint elements (§11.5.2).
// run: inconclusive (the run cannot execute a function without a body)
// archer: cannot run — the called functions are defined in no file of the test (with definitions
// that write what c::opaque bounds, clang 14 and Archer build it and report no race)
#define N 64
void fill(double *a, int n);
int main(void)
{
  double a[N];
  fill(a, N);
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    a[i] = 2 * a[i];
  return 0;
}

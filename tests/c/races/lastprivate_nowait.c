// expect: race 11:29 17:9
// Mutant of lastprivate.c with `nowait` (OpenMP 5.2 §5.4.5, §11.5): the original `last` may be
// assigned by the thread of the last iteration while the single reads it.
int main(void)
{
  int a[100];
  int last = 0;
  int r = 0;
#pragma omp parallel
  {
#pragma omp for lastprivate(last) nowait
    for (int i = 0; i < 100; i++) {
      last = i * 2;
      a[i] = last;
    }
#pragma omp single
    r = last;
  }
  return r + a[0];
}
// archer: no report — clang 14 puts a barrier before the `lastprivate` update despite `nowait`

// expect: race-free
// OpenMP 5.2 §5.4.5: each thread works on its own `last`; after the loop (and its barrier) the
// original holds the value of the sequentially last iteration, read by one thread.
int main(void)
{
  int a[100];
  int last = 0;
  int r = 0;
#pragma omp parallel
  {
#pragma omp for lastprivate(last)
    for (int i = 0; i < 100; i++) {
      last = i * 2;
      a[i] = last;
    }
#pragma omp single
    r = last;
  }
  return r + a[0];
}

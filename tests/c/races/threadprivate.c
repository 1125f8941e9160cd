// expect: race-free
// OpenMP 5.2 §5.2: every thread has its own copy of a threadprivate variable, so the threads'
// updates of `count` touch different storage.
int count = 0;
#pragma omp threadprivate(count)
int main(void)
{
  int a[100];
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 100; i++) {
      count = count + 1;
      a[i] = i;
    }
  }
  return a[0];
}

// expect: race-free
// OpenMP 5.2 §5.4.4: each thread has its own copy of `b`, initialised once; updating it in
// every iteration changes only the thread's copy.
int main(void)
{
  int a[100];
  int b = 3;
#pragma omp parallel for firstprivate(b)
  for (int i = 0; i < 100; i++) {
    b = b + 1;
    a[i] = b;
  }
  return a[0];
}

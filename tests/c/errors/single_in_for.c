// OpenMP 5.2 §17: a worksharing region may not be closely nested in another (both bind to
// the same team).
int a[100];
int main(void) {
  #pragma omp parallel for
  for (int i = 0; i < 100; i++) {
      #pragma omp single
      a[i] = i;
  }
  return 0;
}

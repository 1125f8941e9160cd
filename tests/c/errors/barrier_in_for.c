// OpenMP 5.2 §17: a barrier region may not be closely nested in a worksharing-loop region.
int a[100];
int main(void) {
  #pragma omp parallel
  {
    #pragma omp for
    for (int i = 0; i < 100; i++) {
      #pragma omp barrier
      a[i] = i;
    }
  }
  return 0;
}

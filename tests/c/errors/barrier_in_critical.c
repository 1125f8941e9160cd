// OpenMP 5.2 §17: a barrier region may not be closely nested in a critical region (only one
// thread at a time is inside it, so the others never reach the barrier).
int count;
int main(void) {
  #pragma omp parallel
  {
    #pragma omp critical
    {
      count++;
      #pragma omp barrier
    }
  }
  return 0;
}

// OpenMP 5.2 §17: a critical region may not be nested in a critical region with the same name
// (the thread would wait for the lock it holds).
int count, total;
int main(void) {
  #pragma omp parallel
  {
    #pragma omp critical(update)
    {
      count++;
      #pragma omp critical(update)
      total++;
    }
  }
  return 0;
}

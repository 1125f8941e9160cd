// OpenMP 5.2 §17: a barrier region may not be closely nested in a worksharing-loop region,
// also when it is reached through a call (regions include the code of the functions called).
int a[100];

void step(int i) {
  a[i] = i;
  #pragma omp barrier
}

int main(void) {
  #pragma omp parallel
  {
    #pragma omp for
    for (int i = 0; i < 100; i++)
      step(i);
  }
  return 0;
}

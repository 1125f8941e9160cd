// expect: race-free
// OpenMP 5.2 §15.2: both updates of `x` are in critical regions named `lock`.
int main(void)
{
  int x = 0;
#pragma omp parallel
  {
#pragma omp critical(lock)
    x = x + 1;
#pragma omp critical(lock)
    x = x + 2;
  }
  return x;
}

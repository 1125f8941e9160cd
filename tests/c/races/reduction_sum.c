// expect: race-free
// OpenMP 5.2 §5.5.8: each thread adds into a private copy of `sum`; the copies are combined into
// the original at the end of the loop.
int main(void)
{
  double a[1000];
  double sum = 0.0;
  for (int i = 0; i < 1000; i++)
    a[i] = i * 0.5;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < 1000; i++)
    sum += a[i];
  return (int)sum;
}

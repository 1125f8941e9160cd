// expect: race 12:5 12:5
// Mutant of reduction_sum.c without the reduction: `sum` is shared (OpenMP 5.2 §5.1.1) and every
// iteration updates it.
int main(void)
{
  double a[1000];
  double sum = 0.0;
  for (int i = 0; i < 1000; i++)
    a[i] = i * 0.5;
#pragma omp parallel for
  for (int i = 0; i < 1000; i++)
    sum += a[i];
  return (int)sum;
}

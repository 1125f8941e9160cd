// expect: race 13:5 13:5
// Mutant of critical_sum.c without the critical: every iteration reads and writes `sum`, and
// iterations of a worksharing loop may run at the same time (OpenMP 5.2 §11.5.3).
int main(void)
{
  int a[100];
  int sum = 0;
  for (int i = 0; i < 100; i++)
    a[i] = i;
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {

    sum = sum + a[i];
  }
  return sum;
}

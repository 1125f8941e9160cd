// expect: race-free
// An orphaned `barrier` (OpenMP 5.2 §15.3.1) between two `nowait` loops of a function every
// thread of the region calls: it orders the writes of the first loop before the reads of the
// second, whatever the schedules.
int a[101], b[100];

void phases(int n)
{
#pragma omp for schedule(dynamic) nowait
  for (int i = 0; i < n + 1; i++)
    a[i] = i;
#pragma omp barrier
#pragma omp for schedule(dynamic) nowait
  for (int i = 0; i < n; i++)
    b[i] = a[i + 1];
}

int main(void)
{
#pragma omp parallel
  phases(100);
  return b[0];
}

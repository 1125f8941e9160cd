// expect: race 10:5 13:12
// Mutant of orphan_barrier.c without the orphaned `barrier` (OpenMP 5.2 §15.3.1): the second
// loop may read an element of `a` another thread is still writing.
int a[101], b[100];

void phases(int n)
{
#pragma omp for schedule(dynamic) nowait
  for (int i = 0; i < n + 1; i++)
    a[i] = i;
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

// expect: race 8:3 8:8
// Mutant of orphan_critical.c without the `critical` (OpenMP 5.2 §15.2): the iterations update
// `sum` through the pointer at the same time.
int sum;

void add(int *s, int v)
{
  *s = *s + v;
}

void work(void)
{
#pragma omp critical
  sum = sum;
}

int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    add(&sum, i);
  work();
  return sum;
}

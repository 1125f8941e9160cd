// expect: race 9:3 9:10
// Mutant of orphan_threadprivate.c without `threadprivate` (OpenMP 5.2 §5.1.2: a variable with
// static storage is shared in a called function): the iterations update the one `sum0`.
int sum0;
int sum;

void foo(int i)
{
  sum0 = sum0 + i;
}

int main(void)
{
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 100; i++)
      foo(i);
#pragma omp critical
    sum = sum + sum0;
  }
  return sum;
}

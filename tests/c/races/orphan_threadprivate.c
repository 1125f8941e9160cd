// expect: race-free
// A `threadprivate` variable updated in a function called from a worksharing loop: each thread
// updates its own copy (OpenMP 5.2 §5.2); the copies are combined under `critical`.
int sum0;
#pragma omp threadprivate(sum0)
int sum;

void foo(int i)
{
  sum0 = sum0 + i;
}

int main(void)
{
#pragma omp parallel copyin(sum0)
  {
#pragma omp for
    for (int i = 0; i < 100; i++)
      foo(i);
#pragma omp critical
    sum = sum + sum0;
  }
  return sum;
}

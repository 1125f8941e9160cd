// expect: race-free
// An orphaned `critical` (OpenMP 5.2 §15.2) in a function called by every iteration of a
// parallel loop: the updates of `sum` exclude each other as if written in the loop.
int sum;

void add(int *s, int v)
{
#pragma omp critical
  *s = *s + v;
}

int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    add(&sum, i);
  return sum;
}

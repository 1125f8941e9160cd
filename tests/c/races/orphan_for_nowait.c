// expect: race 10:5 17:12
// Mutant of orphan_for.c with `nowait` on the orphaned loop of `fill` (OpenMP 5.2 §11.5): no
// barrier follows it, so `shift` may read an element another thread is still writing.
int a[101], b[100];

void fill(void)
{
#pragma omp for nowait
  for (int i = 0; i < 101; i++)
    a[i] = i;
}

void shift(void)
{
#pragma omp for
  for (int i = 0; i < 100; i++)
    b[i] = a[i + 1];
}

int main(void)
{
#pragma omp parallel
  {
    fill();
    shift();
  }
  return b[0];
}

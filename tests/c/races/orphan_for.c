// expect: race-free
// Orphaned worksharing loops (OpenMP 5.2 §11.5; an orphaned construct binds to the region of
// the call, §1.2): every thread of the region calls `fill` and `shift`, whose `for` constructs
// share out the iterations among that team; the barrier at the end of `fill`'s loop orders its
// writes before `shift` reads them.
int a[101], b[100];

void fill(void)
{
#pragma omp for
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

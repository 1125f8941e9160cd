// expect: race-free
// A function with an orphaned `for` called in a parallel region (its loop shares out the
// iterations among the team, OpenMP 5.2 §11.5) and outside any region, where the team is the
// initial thread alone (§1.2: the implicit parallel region) and the loop runs sequentially.
int a[100];

void scale(int k)
{
#pragma omp for
  for (int i = 0; i < 100; i++)
    a[i] = a[i] * k;
}

int main(void)
{
  for (int i = 0; i < 100; i++)
    a[i] = i;
  scale(2);
#pragma omp parallel
  scale(3);
  return a[1];
}

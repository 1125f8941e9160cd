// expect: race 10:5 10:12
// An orphaned `for` whose iterations all write the shared scalar `last` (OpenMP 5.2 §11.5,
// §5.1.2: a variable with static storage is shared in a called function): a race between any
// two iterations.
int last;
void scan(int *a, int n)
{
#pragma omp for
  for (int i = 0; i < n; i++)
    last = last + a[i];
}

int main(void)
{
  int a[64];
  for (int i = 0; i < 64; i++)
    a[i] = i;
#pragma omp parallel
  scan(a, 64);
  return last;
}

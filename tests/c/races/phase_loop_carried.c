// expect: race-free
// `k` is private to each thread (OpenMP 5.2 §5.4.3) and keeps its value from one step of the
// loop to the next, which ompv does not model when it checks the steps one region at a time:
// it checks each step for any value of `k`. That still proves race freedom here (the accesses do
// not depend on `k`); a race found would only be `unknown` (see phase_loop_carried_index.c).
#define N 64
int a[N];

int main(int argc, char **argv)
{
  int i, t, k;
  for (i = 0; i < N; i++)
    a[i] = 0;
#pragma omp parallel private(t, k)
  {
    for (t = 0; t < 4; t++) {
      if (t == 0)
        k = 1;
#pragma omp for
      for (i = 0; i < N; i++)
        a[i] = a[i] + k;
    }
  }
  return a[0];
}

// expect: race-free
// OpenMP 5.2 §3.4 and §10.1.1: whether the region runs with one thread or a team, its loop is
// race-free; the `if` clause changes nothing about that.
int main(int argc, char *argv[])
{
  int n = argc * 100;
  int a[1000];
#pragma omp parallel for if (n > 10)
  for (int i = 0; i < 1000; i++)
    a[i] = i;
  return a[0];
}

// expect: race 13:7 13:7
// Mutant of threadprivate.c without `threadprivate`: `count` is a shared global
// (OpenMP 5.2 §5.1.1), updated by every iteration.
int count = 0;

int main(void)
{
  int a[100];
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 100; i++) {
      count = count + 1;
      a[i] = i;
    }
  }
  return a[0];
}

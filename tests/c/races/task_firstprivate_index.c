// expect: unknown
// Race-free (OpenMP 5.2 §5.1.1: each task copies `k` when it is created, 3 and 4), but ompv does
// not track the value a firstprivate copy gets at the task's creation: the index is unknown to
// it and the proof fails. A known limit, kept here so that it is not mistaken for a race.
int main(void)
{
  int a[10];
#pragma omp parallel
#pragma omp single
  {
    int k = 3;
#pragma omp task
    a[k] = k;
    k = 4;
#pragma omp task
    a[k] = k;
  }
  return a[3];
}

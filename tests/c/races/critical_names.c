// expect: race 10:5 12:5
// OpenMP 5.2 §15.2: critical regions exclude each other only if they have the same name; `x` is
// updated under two different names, so the updates may overlap.
int main(void)
{
  int x = 0;
#pragma omp parallel
  {
#pragma omp critical(first)
    x = x + 1;
#pragma omp critical(second)
    x = x + 2;
  }
  return x;
}
// archer: no report — found in some runs only: the two `critical` regions rarely overlap

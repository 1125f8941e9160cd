// expect: race 14:5 16:5
// OpenMP 5.2 §15.9.5: two `in` dependences on the same item do not order the tasks; both write
// `y`.
int main(void)
{
  int x = 0;
  int y = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x)
    x = 1;
#pragma omp task depend(in : x)
    y = x + 1;
#pragma omp task depend(in : x)
    y = x + 2;
  }
  return y;
}

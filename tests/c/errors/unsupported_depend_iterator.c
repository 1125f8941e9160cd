// OpenMP 5.2 §15.9.5, §3.2.6: `depend` with an `iterator` modifier names one list item per
// iteration; ompv's task order does not expand it.
int main(void)
{
  int a[4] = {0, 0, 0, 0};
  int x = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(iterator(k = 0 : 4), out : a[k])
    x = 1;
  }
  return x;
}

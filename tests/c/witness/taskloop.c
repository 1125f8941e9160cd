// expect: race 8:5:W 8:12:R
int v[30];
int main(void) {
#pragma omp parallel
#pragma omp single
#pragma omp taskloop
  for (int i = 1; i < 30; i++)
    v[i] = v[i - 1] + 1;
  return v[29];
}
// §12.6: the iterations of a `taskloop` run in tasks, unordered with each other.

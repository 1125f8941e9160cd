// expect: no race
int v[30];
int main(void) {
#pragma omp parallel
#pragma omp single
#pragma omp taskloop
  for (int i = 1; i < 30; i++)
    v[i] = i + 1;
  return v[29];
}
// §12.6: the iterations of a `taskloop` run in tasks, unordered with each other.

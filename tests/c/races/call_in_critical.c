// expect: race-free
// A helper that updates a global, called inside `critical`: the calls exclude each other
// (OpenMP 5.2 §15.2: at most one thread at a time runs a critical region of one name), so the
// helper's accesses are the critical section's resource.
#include <stdio.h>
int total;
void add(int v) { total += v; }
int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
#pragma omp critical
    add(i);
  }
  printf("%d\n", total);
  return 0;
}

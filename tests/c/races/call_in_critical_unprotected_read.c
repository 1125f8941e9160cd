// expect: race 7:19 15:15
// Mutant of call_in_critical.c: the loop also reads `total` outside the critical section,
// unordered with the other threads' updates inside it (OpenMP 5.2 §15.2 excludes only critical
// regions from each other; §1.3: a write and an unordered read of one location race).
#include <stdio.h>
int total;
void add(int v) { total += v; }
int main(void)
{
  int seen[100];
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
#pragma omp critical
    add(i);
    seen[i] = total;
  }
  printf("%d %d\n", total, seen[5]);
  return 0;
}

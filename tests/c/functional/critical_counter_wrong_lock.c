// expect: failed race:14 postcondition:6
// Mutant of critical_counter.c counting twice per iteration, under two different names:
// OpenMP 5.2 §15.2 excludes only critical regions of the same name, so an update under `first`
// and one under `second` may overlap: a race.
/*@ requires n >= 0;
    ensures \result == 2 * n; @*/
int count_twice(int n)
{
  int cnt = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical(first)
    cnt++;
#pragma omp critical(second)
    cnt++;
  }
  return cnt;
}

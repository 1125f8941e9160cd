// expect: failed race:9
// Mutant of critical_counter.c without the `critical`: every iteration writes the shared counter
// (OpenMP 5.2 §5.1.1: `cnt` is shared) with nothing ordering the writes: a race.
/*@ requires n >= 0;
    ensures \result == n; @*/
int count(int n)
{
  int cnt = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    cnt++;
  }
  return cnt;
}

// expect: failed postcondition:5
// Mutant of critical_counter.c with a wrong claim: the counter ends at n (OpenMP 5.2 §15.2: each
// iteration increments it once, under the lock), not at n + 1.
/*@ requires n >= 0;
    ensures \result == n + 1; @*/
int count(int n)
{
  int cnt = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    cnt++;
  }
  return cnt;
}

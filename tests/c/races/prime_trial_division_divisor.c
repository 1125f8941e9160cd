// expect: race 18:9 18:9
// A mutant of prime_trial_division.c that marks the divisor instead of the number: two
// iterations with a common divisor write the same `prime[d]` (OpenMP 5.2 §1.4.1).
// (Otherwise as the original: a dynamic schedule, a count as a reduction, `d` growing
// from 2.)
#include <stdio.h>
#define N 1000

int prime[N];

int main(void) {
  int count = 0;
  #pragma omp parallel for schedule(dynamic) reduction(+:count)
  for (int i = 2; i < N; i++) {
    int is_prime = 1;
    for (int d = 2; d * d <= i; d++)
      if (i % d == 0) {
        prime[d] = 0;
        break;
      }
    prime[i] = is_prime;
    count += is_prime;
  }
  printf("%d primes below %d\n", count, N);
  return 0;
}

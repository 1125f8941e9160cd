// expect: verified
// The whole proof of races/prime_trial_division.c, not only its race freedom: `d` only grows
// from 2, so `i % d` never divides by zero (C11 6.5.5), whatever the loop's test `d * d <= i`;
// the mutant prime_trial_division_from_zero.c, whose `d` starts at 0, is not proved. Race
// freedom itself: OpenMP 5.2 §11.5.3, §5.5.8 (see the race test).
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
        is_prime = 0;
        break;
      }
    prime[i] = is_prime;
    count += is_prime;
  }
  printf("%d primes below %d\n", count, N);
  return 0;
}

// expect: unknown
// A mutant of races/prime_trial_division.c whose divisors start at 0: `i % d` divides by zero in
// the first test (C11 6.5.5: undefined). `d` only grows from 0, which is all ompv knows of it
// now, so the division is reported, not proved safe; no race either way (OpenMP 5.2 §11.5.3).
// (Otherwise as the original.)
#include <stdio.h>
#define N 1000

int prime[N];

int main(void) {
  int count = 0;
  #pragma omp parallel for schedule(dynamic) reduction(+:count)
  for (int i = 2; i < N; i++) {
    int is_prime = 1;
    for (int d = 0; d * d <= i; d++)
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

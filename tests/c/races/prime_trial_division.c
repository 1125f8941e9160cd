// expect: race-free
// Trial division in a parallel loop with a dynamic schedule (OpenMP 5.2 §11.5.3: any thread
// may run any iteration) and a count as a reduction (§5.5.8). The inner loop's test
// `d * d <= i` is not a bound ompv reads, but `d` only grows from 2, so `i % d` never divides
// by zero; each iteration writes only its own `prime[i]`.
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

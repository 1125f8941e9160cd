// expect: race-free
// Recursive Fibonacci with a cutoff: below it a call computes sequentially with a function
// without constructs (which touches nothing of its caller's but its argument, see
// OpenMP 5.2 §5.1.2); above it, one `untied` task per recursive call, waited for (§15.5).
// The region's `single` has `nowait`: the region's end still waits for every task (§15.3.1).
#include <stdio.h>
#include <stdlib.h>

long fib_seq(int n) {
  if (n < 2)
    return n;
  return fib_seq(n - 1) + fib_seq(n - 2);
}

long fib(int n) {
  long x, y;
  if (n < 20)
    return fib_seq(n);
#pragma omp task shared(x) firstprivate(n) untied
  x = fib(n - 1);
#pragma omp task shared(y) firstprivate(n) untied
  y = fib(n - 2);
#pragma omp taskwait
  return x + y;
}

int main(int argc, char *argv[]) {
  int n = argc > 1 ? atoi(argv[1]) : 25;
  long r = 0;
#pragma omp parallel
#pragma omp single nowait
  r = fib(n);
  printf("%ld\n", r);
  return 0;
}

// expect: unknown
// A routine of a system header ompv has no entry for (`gettimeofday`, <sys/time.h>) may write
// every member of the `struct timeval` it is given (c::opaque): after the call the value stored
// before it is unknown, so the assertion cannot be proved (the initial thread runs it all,
// OpenMP 5.2 §1.3: no race). It fails when run: the call stores the time. `unknown`, never
// `verified`, and not `failed`: the call may leave it.
// run: inconclusive (the run cannot execute a routine outside its model)
// archer: cannot run — the assertion fails when it is run (the call overwrites the value)
#include <assert.h>
#include <stddef.h>
#include <sys/time.h>
int main(void)
{
  struct timeval tv;
  tv.tv_usec = -1;
  gettimeofday(&tv, NULL);
  assert(tv.tv_usec == -1);
  return 0;
}

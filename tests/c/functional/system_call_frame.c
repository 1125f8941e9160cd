// expect: verified
// Twin of system_call_havoc.c: what a routine of a system header cannot reach keeps its value:
// a local whose address is not passed, and a global of the user's (a library routine reaches
// the caller's objects only through its arguments, C11 7.1.4p5). There is no parallel construct:
// the initial thread runs it all (OpenMP 5.2 §1.3), so nothing races.
// run: inconclusive (the run cannot execute a routine outside its model)
#include <assert.h>
#include <stddef.h>
#include <sys/time.h>
int calls = 3;
int main(void)
{
  struct timeval tv;
  int k = 5;
  gettimeofday(&tv, NULL);
  assert(k == 5);
  assert(calls == 3);
  return 0;
}

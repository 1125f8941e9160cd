// expect: unknown
// Mutant of system_call_outside_region.c: every iteration calls `gettimeofday`, a routine of a
// system header ompv has no entry for. Each writes only its own `tv[i]`, but a routine ompv
// knows nothing of may also update state of its own that two threads then write at the same
// time (a race, OpenMP 5.2 §11.5.2; POSIX.1-2017 §2.9.1 lists routines that are not
// thread-safe), so the answer is `unknown`, never `verified`; nor `failed`, since the call may
// do less.
// run: inconclusive (the run cannot execute a routine outside its model)
#include <stddef.h>
#include <sys/time.h>
#define N 64
int main(void)
{
  struct timeval tv[N];
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    gettimeofday(&tv[i], NULL);
  return (int)tv[0].tv_usec;
}

// expect: failed postcondition:8 postcondition:14
// Mutant of thread_number_helper.c: `me` claims to run on thread 0 and `team` in a team of one,
// as `main` outside regions does; called in a parallel region they return the caller's number
// and its team's size (OpenMP 5.2 §18.2.4, §18.2.2), so neither contract holds of every call.
#include <omp.h>
#include <stdio.h>

/*@ ensures \result == 0; @*/
int me(void)
{
  return omp_get_thread_num();
}

/*@ ensures \result == 1; @*/
int team(void)
{
  return omp_get_num_threads();
}

int main(void)
{
#pragma omp parallel num_threads(4)
  printf("%d of %d\n", me(), team());
  return 0;
}

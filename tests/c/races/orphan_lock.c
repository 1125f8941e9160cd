// expect: race-free
// Lock routines in a function called by every iteration of a parallel loop: the pointer
// parameter is the team's lock (OpenMP 5.2 §18.9), so the updates exclude each other.
#include <omp.h>
omp_lock_t lck;
int count;

void bump(omp_lock_t *l)
{
  omp_set_lock(l);
  count = count + 1;
  omp_unset_lock(l);
}

int main(void)
{
  omp_init_lock(&lck);
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    bump(&lck);
  omp_destroy_lock(&lck);
  return count;
}

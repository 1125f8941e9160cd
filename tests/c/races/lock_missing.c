// expect: race 13:5 13:5
// Mutant of lock.c without the lock: iterations of the loop may run at the same time
// (OpenMP 5.2 §11.5.3) and every one updates `total`.
#include <omp.h>
int main(void)
{
  omp_lock_t l;
  int total = 0;
  omp_init_lock(&l);
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {

    total = total + i;

  }
  omp_destroy_lock(&l);
  return total;
}

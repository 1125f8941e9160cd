#include <omp.h>
void f(int *a)
{
  #pragma omp parallel
  {
    omp_lock_t l;
    omp_init_lock(&l);
    omp_set_lock(&l);
    a[0] = 1;
    omp_unset_lock(&l);
  }
}

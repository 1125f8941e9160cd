/* omp.h shipped with ompv: the OpenMP runtime routines ompv knows, with their contracts.
   Programs include it as <omp.h>; it takes precedence over the compiler's own omp.h. */
#ifndef OMPV_OMP_H
#define OMPV_OMP_H

/*@ ensures \result >= 0; @*/
int omp_get_thread_num(void);

/*@ ensures \result >= 1; @*/
int omp_get_num_threads(void);

/*@ requires num_threads >= 1; @*/
void omp_set_num_threads(int num_threads);

/*@ ensures \result >= 1; @*/
int omp_get_max_threads(void);

/*@ ensures \result >= 1; @*/
int omp_get_num_procs(void);

int omp_in_parallel(void);

void omp_set_dynamic(int dynamic_threads);

int omp_get_dynamic(void);

double omp_get_wtime(void);

double omp_get_wtick(void);

#endif

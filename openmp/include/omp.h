/* omp.h shipped with ompv: the OpenMP runtime routines (OpenMP 5.2, chapter 18) with their
   contracts. Programs include it as <omp.h>; it takes precedence over the compiler's omp.h.
   Routines whose meaning depends on the team (omp_get_thread_num, omp_get_num_threads) and the
   lock routines are given their meaning by ompv's encoding of the construct they are called in;
   the contracts here say what holds everywhere. */
#ifndef OMPV_OMP_H
#define OMPV_OMP_H

/* Locks (18.9): opaque objects; ompv models a lock by the identity of its object. */
typedef struct __ompv_lock { int __ompv_state; } omp_lock_t;
typedef struct __ompv_nest_lock { int __ompv_state; } omp_nest_lock_t;
typedef int omp_sched_t;
typedef int omp_proc_bind_t;
typedef int omp_lock_hint_t;
typedef int omp_sync_hint_t;

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

/*@ ensures \result >= 1; @*/
int omp_get_thread_limit(void);

int omp_in_parallel(void);

void omp_set_dynamic(int dynamic_threads);

int omp_get_dynamic(void);

void omp_set_nested(int nested);

int omp_get_nested(void);

void omp_set_max_active_levels(int max_levels);

int omp_get_max_active_levels(void);

/*@ ensures \result >= 0; @*/
int omp_get_level(void);

/*@ ensures \result >= 0; @*/
int omp_get_active_level(void);

int omp_get_ancestor_thread_num(int level);

int omp_get_team_size(int level);

void omp_set_schedule(omp_sched_t kind, int chunk_size);

int omp_in_final(void);

/*@ ensures \result >= 0; @*/
int omp_get_num_devices(void);

int omp_get_device_num(void);

int omp_is_initial_device(void);

int omp_get_initial_device(void);

int omp_get_default_device(void);

void omp_set_default_device(int device_num);

/*@ ensures \result >= 1; @*/
int omp_get_num_teams(void);

/*@ ensures \result >= 0; @*/
int omp_get_team_num(void);

int omp_get_cancellation(void);

double omp_get_wtime(void);

double omp_get_wtick(void);

void omp_init_lock(omp_lock_t *lock);
void omp_init_lock_with_hint(omp_lock_t *lock, omp_sync_hint_t hint);
void omp_destroy_lock(omp_lock_t *lock);
void omp_set_lock(omp_lock_t *lock);
void omp_unset_lock(omp_lock_t *lock);
int omp_test_lock(omp_lock_t *lock);

void omp_init_nest_lock(omp_nest_lock_t *lock);
void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock, omp_sync_hint_t hint);
void omp_destroy_nest_lock(omp_nest_lock_t *lock);
void omp_set_nest_lock(omp_nest_lock_t *lock);
void omp_unset_nest_lock(omp_nest_lock_t *lock);
int omp_test_nest_lock(omp_nest_lock_t *lock);

#endif

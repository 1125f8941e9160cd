/* time.h shipped with ompv. */
#ifndef OMPV_TIME_H
#define OMPV_TIME_H
typedef long time_t;
typedef long clock_t;
#define CLOCKS_PER_SEC 1000000l
/* Writes the time to *t as well, if t is not NULL. */
/*@ context t != NULL ==> \pointer(t, 1, write); @*/
time_t time(time_t *t);
clock_t clock(void);
#endif
